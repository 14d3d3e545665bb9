/** apps.json for tests: the remotes' names (every app but the host), as the host knows them. */
import type { RemoteName } from '@maison/shared';
import apps from '../apps.json';

export const REMOTE_NAMES = apps.filter(({ name }) => name !== 'host').map(({ name }) => name) as RemoteName[];
