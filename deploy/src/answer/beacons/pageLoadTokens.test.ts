/** Page-load tokens: what a beacon must carry to be counted (pageLoadTokens.ts). */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHmac, randomBytes } from 'node:crypto';
import { CLIENT_GROUPS, hmacSha256, pageLoadTokens, signalsKey, SIGNALS_KEY_FILE, TOKEN_LIFE_MS } from './pageLoadTokens.ts';

const KEY = Buffer.alloc(32, 1);
const claim = { generation: 'g1', group: 3, rollout: 'r1', cohort: 'canary' as const, tester: false, moved: true };

describe('a page-load token', () => {
  it('proves what the shop issued it with, to any answerer holding the key', () => {
    let now = 1_000_000;
    const { token, claim: issued } = pageLoadTokens(KEY, () => now).issue(claim);
    expect(pageLoadTokens(KEY, () => now).check(token)).toEqual({ ...claim, id: issued.id, issuedAt: 1_000_000 });
    now += TOKEN_LIFE_MS + 1;
    expect(pageLoadTokens(KEY, () => now).check(token)).toBe('expired');
  });

  it('proves nothing when changed, signed with another key, or not a token', () => {
    const { token } = pageLoadTokens(KEY).issue(claim);
    const [payload, mac] = token.split('.');
    const claimed = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), cohort: 'stable' }),
    ).toString('base64url');
    expect(pageLoadTokens(KEY).check(`${claimed}.${mac}`)).toBe('forged');
    expect(pageLoadTokens(Buffer.alloc(32, 2)).check(token)).toBe('forged');
    for (const given of [null, '', 'nodot', '.abc', 'x'.repeat(2000)]) expect(pageLoadTokens(KEY).check(given)).toBe('malformed');
  });

  it('is a new id each time', () => {
    const tokens = pageLoadTokens(KEY);
    const ids = new Set(Array.from({ length: 100 }, () => tokens.issue(claim).claim.id));
    expect(ids.size).toBe(100);
  });

  it('puts a client in one group, the same under the same key, spread over all groups', () => {
    const tokens = pageLoadTokens(KEY);
    expect(tokens.groupOf('203.0.113.9')).toBe(pageLoadTokens(KEY).groupOf('203.0.113.9'));
    const groups = new Set(Array.from({ length: 400 }, (_, index) => tokens.groupOf(`10.0.${index >> 8}.${index & 255}`)));
    expect(groups.size).toBe(CLIENT_GROUPS);
  });
});

describe('the HMAC the tokens are signed with', () => {
  it('is HMAC-SHA-256: the same as createHmac for keys short and long, messages empty and long', () => {
    for (const keyLength of [0, 1, 32, 64, 65, 200])
      for (const messageLength of [0, 1, 55, 64, 1000]) {
        const key = randomBytes(keyLength);
        const message = randomBytes(messageLength);
        expect(hmacSha256(key)(message).toString('hex')).toBe(createHmac('sha256', key).update(message).digest('hex'));
      }
    expect(hmacSha256(Buffer.from('key'))('The quick brown fox jumps over the lazy dog').toString('hex')).toBe(
      'f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8',
    );
  });
});

describe("an environment's signals key", () => {
  it('is made once, readable by its owner only, and read back the same by every answerer', () => {
    const env = mkdtempSync(path.join(os.tmpdir(), 'maison-key-'));
    try {
      const first = signalsKey(env, '');
      expect(signalsKey(env, '')).toEqual(first);
      expect(statSync(path.join(env, SIGNALS_KEY_FILE)).mode & 0o777).toBe(0o600);
      expect(readFileSync(path.join(env, SIGNALS_KEY_FILE), 'utf8')).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      rmSync(env, { recursive: true, force: true });
    }
  });

  it('comes from MAISON_SIGNALS_KEY when given, which must be a key', () => {
    expect(signalsKey('/nowhere', 'ab'.repeat(32))).toEqual(Buffer.alloc(32, 0xab));
    expect(() => signalsKey('/nowhere', 'short')).toThrow(/at least 32 bytes in hex/);
  });
});
