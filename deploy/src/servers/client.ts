/** A request's client key for render shares: the peer, or X-Forwarded-For past trusted proxies. */
// Why: docs/decisions/serving.md#client-keys
import { BlockList, isIP, isIPv4 } from 'node:net';

/** The IPv4 address inside an IPv4-mapped IPv6 one (`::ffff:127.0.0.1`). */
const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

const plain = (address: string) => MAPPED_IPV4.exec(address)?.[1] ?? address;

/** An address as a client's key: IPv4 as it is, IPv6 as its /64; undefined when it is neither. */
export function clientKey(address: string): string | undefined {
  const ip = plain(address);
  if (isIPv4(ip)) return ip;
  if (isIP(ip) !== 6) return undefined;
  const [head = '', tail] = ip.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? headGroups : [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  const prefix = groups.slice(0, 4).map((group) => parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}

/** Trusted proxies from `10.0.0.1` and `10.0.0.0/8` entries (IPv4 or IPv6); a bad entry is an error. */
export function trustedProxyList(entries: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (!isIP(address) || (bits !== undefined && !/^\d{1,3}$/.test(bits))) throw new Error(`"${entry}" is not an address or a range`);
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (address) => {
    const ip = plain(address);
    return isIP(ip) !== 0 && list.check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4');
  };
}

/** The client's key for a request from `peer` (undefined: a Unix socket) carrying `forwardedFor`. */
export function clientOf(peer: string | undefined, forwardedFor: string | undefined, isTrusted: (address: string) => boolean) {
  // Node joins repeated X-Forwarded-For lines with ', ' into one value.
  const forwarded = forwardedFor?.split(',').flatMap((entry) => entry.trim() || []) ?? [];
  let address = peer;
  while (address === undefined || isTrusted(address)) {
    const next = forwarded.pop();
    if (next === undefined) break;
    address = next;
  }
  return address === undefined ? undefined : clientKey(address);
}
