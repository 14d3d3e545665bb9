/**
 * Proof that the shop served a page load: a token the page asks for once (`POST /rum/page-load`,
 * never cached) and sends with each beacon. It is signed with the environment's key, so every
 * answerer of the environment accepts what another issued, and carries what the shop decided when
 * it issued it: the generation served, the client group (a keyed hash of the client: the judge's
 * unit of spread), the cohort the page load claimed, and whether it was made to move a shopper.
 */
// Why: docs/operations.md, "Watching production" (what a beacon must prove).
import { createHmac, hash, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Cohort } from '@maison/host/contract';

/** How long a page load's beacons are accepted after its token was issued. */
export const TOKEN_LIFE_MS = 60 * 60_000;
/** The judge's units of spread: clients fall into this many groups by a keyed hash of their address. */
export const CLIENT_GROUPS = 16;
/** The key's file in an environment folder (kept out of git), unless MAISON_SIGNALS_KEY gives it. */
export const SIGNALS_KEY_FILE = 'signals.key';

export interface PageLoadClaim {
  /** The page load's id: every beacon of it is counted at most once per signal. */
  id: string;
  issuedAt: number;
  generation: string;
  group: number;
  /** The rollout and cohort the page load came with (its cookie), when it claimed one. */
  rollout?: string;
  cohort?: Cohort;
  tester: boolean;
  /** Made only to move its shopper between cohorts: its vitals are not compared. */
  moved: boolean;
}

export type TokenProblem = 'malformed' | 'forged' | 'expired';

const KEY_BYTES = 32;
const ID = /^[A-Za-z0-9_-]{16}$/;

/** The environment's key: MAISON_SIGNALS_KEY (hex, 32 bytes or more), else its file, made once (mode 0600) where absent. */
export function signalsKey(env: string, given = process.env.MAISON_SIGNALS_KEY): Buffer {
  if (given) {
    if (!/^(?:[0-9a-f]{2}){32,}$/i.test(given)) throw new Error('MAISON_SIGNALS_KEY must be at least 32 bytes in hex');
    return Buffer.from(given, 'hex');
  }
  const file = path.join(env, SIGNALS_KEY_FILE);
  mkdirSync(env, { recursive: true });
  try {
    writeFileSync(file, randomBytes(KEY_BYTES).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = readFileSync(file, 'utf8').trim();
  if (!/^(?:[0-9a-f]{2}){32,}$/i.test(key)) throw new Error(`${file} holds no key (64 hex digits expected)`);
  return Buffer.from(key, 'hex');
}

const BLOCK = 64;

/**
 * HMAC-SHA-256 (RFC 2104) from one-call hashes: a beacon's check runs it on every request, and
 * createHmac's object costs about 14 µs a call here against about 2 µs (hmac.test in
 * pageLoadTokens.test.ts checks it against createHmac).
 */
export function hmacSha256(key: Buffer) {
  const padded = Buffer.alloc(BLOCK);
  (key.length > BLOCK ? hash('sha256', key, 'buffer') : key).copy(padded);
  const inner = Buffer.from(padded.map((byte) => byte ^ 0x36));
  const outer = Buffer.from(padded.map((byte) => byte ^ 0x5c));
  return (message: string | Buffer): Buffer =>
    hash('sha256', Buffer.concat([outer, hash('sha256', Buffer.concat([inner, Buffer.from(message)]), 'buffer')]), 'buffer');
}

/** Issues and checks page-load tokens under one key. */
export function pageLoadTokens(key: Buffer, now: () => number = Date.now) {
  const hmac = hmacSha256(key);
  const mac = (payload: string) => hmac(payload).subarray(0, 16);
  const groups = hmacSha256(createHmac('sha256', key).update('client groups').digest());
  return {
    /** The client's group: its address under a key of its own, so nobody can choose the group they land in. */
    groupOf(client: string): number {
      return groups(client).readUInt32BE(0) % CLIENT_GROUPS;
    },
    issue(claim: Omit<PageLoadClaim, 'id' | 'issuedAt'>): { token: string; claim: PageLoadClaim } {
      const full: PageLoadClaim = { id: randomBytes(12).toString('base64url'), issuedAt: now(), ...claim };
      const payload = Buffer.from(JSON.stringify(full)).toString('base64url');
      return { token: `${payload}.${mac(payload).toString('base64url')}`, claim: full };
    },
    /** The claim a token proves, or why it proves nothing. */
    check(token: string | null): PageLoadClaim | TokenProblem {
      const dot = token?.indexOf('.') ?? -1;
      if (!token || dot < 1 || token.length > 1024) return 'malformed';
      const payload = token.slice(0, dot);
      const given = Buffer.from(token.slice(dot + 1), 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
      let claim: PageLoadClaim;
      try {
        claim = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as PageLoadClaim;
      } catch {
        return 'malformed';
      }
      if (typeof claim.id !== 'string' || !ID.test(claim.id) || typeof claim.issuedAt !== 'number') return 'malformed';
      const age = now() - claim.issuedAt;
      return age < 0 || age > TOKEN_LIFE_MS ? 'expired' : claim;
    },
  };
}

export type PageLoadTokens = ReturnType<typeof pageLoadTokens>;
