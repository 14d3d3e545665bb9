import type { RemoteModuleId, RemoteName } from '@maison/shared';

/** `cart` for `cart/CartPage`. */
export function remoteOf(id: RemoteModuleId): RemoteName {
  return id.slice(0, id.indexOf('/')) as RemoteName;
}
