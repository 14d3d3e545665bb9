import { clientKey, clientOf } from './client.ts';

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

  it('is the peer unless the peer is a trusted proxy, which names it last in X-Forwarded-For', () => {
    expect(clientOf('198.51.100.7', '203.0.113.9', [])).toBe('198.51.100.7');
    expect(clientOf('127.0.0.1', 'spoofed, 203.0.113.9', ['127.0.0.1'])).toBe('203.0.113.9');
    expect(clientOf('::ffff:127.0.0.1', '203.0.113.9', ['127.0.0.1'])).toBe('203.0.113.9');
    // A Unix socket's peer is nginx on this machine.
    expect(clientOf(undefined, '203.0.113.9', [])).toBe('203.0.113.9');
    expect(clientOf(undefined, ['a, 2001:db8:1:2::9'], [])).toBe('2001:db8:1:2::/64');
    expect(clientOf(undefined, undefined, [])).toBeUndefined();
  });
});
