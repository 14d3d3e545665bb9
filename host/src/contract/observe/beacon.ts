/** The beacon a page sends the shop's own origin, as the answerer validates it (the page imports only its types and beaconLimits.ts). */
// What it holds and keeps out: docs/operations.md, "Watching production".
import * as v from 'valibot';
import { LOAD_FAILURE_REASONS } from '../../federation/loading/loadFailure.ts';
import { REMOTE_NAME } from '../names.ts';
import { MAX_BUILD, MAX_MEASURE, MAX_PAGE, MAX_RECORDS, MAX_URL } from './beaconLimits.ts';

export { MAX_BEACON_BYTES, MAX_RECORDS, PAGE_LOAD_PATH, SIGNALS_PATH, TOKEN_PARAMETER } from './beaconLimits.ts';

const page = v.pipe(v.string(), v.maxLength(MAX_PAGE), v.startsWith('/'));
/** A remote's name, or `host`. */
const area = v.pipe(v.string(), v.regex(REMOTE_NAME));
const build = v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_BUILD));
/** Milliseconds for LCP and INP, a score for CLS: never negative, never absurd. */
const measure = v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(MAX_MEASURE));

export const VITAL_NAMES = ['LCP', 'INP', 'CLS'] as const;

const SIGNAL = v.variant('kind', [
  v.object({ kind: v.literal('view'), page }),
  v.object({ kind: v.literal('load'), page, remote: area, build: v.nullable(build), fallback: v.boolean() }),
  v.object({
    kind: v.literal('failure'),
    page,
    remote: area,
    url: v.nullable(v.pipe(v.string(), v.maxLength(MAX_URL))),
    reason: v.picklist(LOAD_FAILURE_REASONS),
  }),
  /** Sent once, as final as it was when the page was first hidden. */
  v.object({ kind: v.literal('vital'), page, name: v.picklist(VITAL_NAMES), value: measure }),
  /** The remote whose files were on the error's stack (`host` otherwise). */
  v.object({ kind: v.literal('error'), page, remote: area }),
]);

/** Version 2: the page load is the token's (`?t=`, pageLoadTokens.ts in deploy), no longer the beacon's own word. */
export const BEACON = v.object({
  v: v.literal(2),
  hostBuild: build,
  builds: v.record(area, build),
  records: v.pipe(v.array(SIGNAL), v.maxLength(MAX_RECORDS)),
});

export type Beacon = v.InferOutput<typeof BEACON>;
export type Signal = Beacon['records'][number];

/** What `POST PAGE_LOAD_PATH` answers: the page load's token. */
export const PAGE_LOAD_ANSWER = v.object({ token: v.pipe(v.string(), v.maxLength(1024)) });
