/** The four apps, their folders and ports: read from apps.json, the one list every tool uses. */
import { readFileSync } from 'node:fs';

export const APPS = JSON.parse(readFileSync(new URL('../apps.json', import.meta.url), 'utf8'));
export const originOf = ({ port }) => `http://localhost:${port}`;
/** The remotes' federation names: every app but the host. */
export const REMOTE_NAMES = APPS.map(({ name }) => name).filter((name) => name !== 'host');
