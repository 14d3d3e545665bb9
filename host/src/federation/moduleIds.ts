import type { RemoteModuleId, RemoteName, RemoteServerModuleId } from '@maison/shared';

/** Any module the loader can load: a component the page shows, or a module only the renderer loads. */
export type LoadableModuleId = RemoteModuleId | RemoteServerModuleId;

/** `cart` for `cart/CartPage`. */
export function remoteOf(id: LoadableModuleId): RemoteName {
  return id.slice(0, id.indexOf('/')) as RemoteName;
}

/** The module id RemoteArea puts on the element around a remote's content (read by status/pageStatus.ts). */
export const AREA_ATTRIBUTE = 'data-remote-area';
