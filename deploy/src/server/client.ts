/**
 * Who a request comes from, as the servers count it (each client's share of rendering on demand):
 * the peer's address, or, where the peer is a proxy the server trusts (a Unix socket's always is:
 * only nginx on this machine reaches it), the address that proxy put last in X-Forwarded-For. An
 * IPv6 client is its /64, which one machine usually holds whole.
 */
import { isIPv4, isIPv6 } from 'node:net';

/** The IPv4 address inside an IPv4-mapped IPv6 one (`::ffff:127.0.0.1`). */
const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** An address as a client's key: IPv4 as it is, IPv6 as its /64; undefined when it is neither. */
export function clientKey(address: string): string | undefined {
  const mapped = MAPPED_IPV4.exec(address)?.[1];
  if (mapped ?? isIPv4(address)) return mapped ?? address;
  if (!isIPv6(address)) return undefined;
  const [head = '', tail] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? headGroups : [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/** The client's key for a request from `peer` (undefined: a Unix socket) carrying `forwardedFor`. */
export function clientOf(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedProxies: readonly string[],
): string | undefined {
  const trusted = peer === undefined || trustedProxies.includes(clientKey(peer) ?? peer);
  const forwarded = trusted ? [forwardedFor ?? []].flat().join(',').split(',').pop()?.trim() : undefined;
  const address = forwarded || peer;
  return address === undefined ? undefined : clientKey(address);
}
