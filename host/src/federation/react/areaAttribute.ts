/** Set by RemoteArea on the element around a remote's content: the module id the area shows (the page's vitals name it, status/vitals.ts). */
export const AREA_ATTRIBUTE = 'data-remote-area';
