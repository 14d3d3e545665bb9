/** The module id RemoteArea puts on the element around a remote's content (read by status/vitals.ts). */
export const AREA_ATTRIBUTE = 'data-remote-area';
