/** apps.json for tests: the remotes' names (every app but the host), as the host knows them. */
export { REMOTE_NAMES } from '../apps.mts';
