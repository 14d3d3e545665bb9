import { clientKey, clientOf, trustedProxyList } from './client.ts';

describe('a client', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:0db8:0001:0002::9', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
    ['not an address', undefined],
  ])('%s is counted as %p', (address, key) => expect(clientKey(address)).toBe(key));

  const none = trustedProxyList([]);
  const local = trustedProxyList(['127.0.0.1']);
  const cdn = trustedProxyList(['127.0.0.1', '198.51.100.0/24', '2001:db8:cd::/48']);

  it('is the peer unless the peer is a trusted proxy: a client cannot name itself', () => {
    expect(clientOf('198.51.100.7', '203.0.113.9', none)).toBe('198.51.100.7');
    expect(clientOf('127.0.0.1', 'spoofed, 203.0.113.9', local)).toBe('203.0.113.9');
    expect(clientOf('::ffff:127.0.0.1', '203.0.113.9', local)).toBe('203.0.113.9');
    expect(clientOf('127.0.0.1', undefined, local)).toBe('127.0.0.1');
  });

  it('behind a socket (nginx) and a CDN, is the first address from the end that no trusted proxy holds', () => {
    expect(clientOf(undefined, '203.0.113.9', none)).toBe('203.0.113.9');
    expect(clientOf(undefined, 'spoofed, 203.0.113.9, 198.51.100.20', cdn)).toBe('203.0.113.9');
    expect(clientOf(undefined, 'a, 2001:db8:1:2::9, 2001:db8:cd:1::1', cdn)).toBe('2001:db8:1:2::/64');
    expect(clientOf(undefined, undefined, none)).toBeUndefined();
  });

  it('refuses a trusted proxy entry that is not an address or a range', () => {
    expect(() => trustedProxyList(['cdn.example.com'])).toThrow('"cdn.example.com" is not an address or a range');
    expect(() => trustedProxyList(['10.0.0.0/x'])).toThrow();
  });
});
