/** A remote's name as every format writes it (remotes.json keys, beacons, rollouts): the one pattern. */
export const REMOTE_NAME = /^[a-z][a-z0-9-]{0,31}$/;
