/**
 * The beacon a page sends the shop's own origin about itself (`SIGNALS_PATH`), as the answerer
 * reads it (deploy/src/observe/signals.ts): which build of each remote this page load runs, each
 * page viewed, each remote module loaded (with whether it was a fallback) or failed, the page's
 * web vitals, and each uncaught error with the remote whose files were on its stack. No personal
 * data: no address but the page's path, no message, no cart, no form value.
 *
 * The page imports only its types, and the address and limits from beaconLimits.ts (no validator
 * in the page's code); the answerer validates every beacon with the schema. Node runs it as it is (through host/src/hosting.ts).
 */
import * as v from 'valibot';
import { LOAD_FAILURE_REASONS } from '../federation/loading/loadFailure.ts';
import { MAX_BUILD, MAX_MEASURE, MAX_PAGE, MAX_RECORDS, MAX_URL } from './beaconLimits.ts';

export { MAX_BEACON_BYTES, SIGNALS_PATH } from './beaconLimits.ts';

const page = v.pipe(v.string(), v.maxLength(MAX_PAGE), v.startsWith('/'));
/** A remote's name, or `host`. */
const area = v.pipe(v.string(), v.regex(/^[a-z][a-z0-9-]{0,31}$/));
const build = v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_BUILD));
/** Milliseconds for LCP and INP, a score for CLS: never negative, never absurd. */
const measure = v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(MAX_MEASURE));

export const VITAL_NAMES = ['LCP', 'INP', 'CLS'] as const;

const SIGNAL = v.variant('kind', [
  /** A page shown: the first at load, then each move inside the shop. */
  v.object({ kind: v.literal('view'), page }),
  /** A remote module loaded, from the first choice or a fallback. */
  v.object({ kind: v.literal('load'), page, remote: area, build: v.nullable(build), fallback: v.boolean() }),
  /** A remote module that could not be loaded, with the manifest it was asked of. */
  v.object({
    kind: v.literal('failure'),
    page,
    remote: area,
    url: v.nullable(v.pipe(v.string(), v.maxLength(MAX_URL))),
    reason: v.picklist(LOAD_FAILURE_REASONS),
  }),
  /** A web vital of the page load, sent once, as final as it was when the page was first hidden. */
  v.object({ kind: v.literal('vital'), page, name: v.picklist(VITAL_NAMES), value: measure }),
  /** An uncaught error or rejection, with the remote whose files were on its stack (`host` otherwise). */
  v.object({ kind: v.literal('error'), page, remote: area }),
]);

export const BEACON = v.object({
  v: v.literal(1),
  /** One id per page load (not per shopper): a beacon's records belong to it. */
  pageLoad: v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,64}$/)),
  hostBuild: build,
  /** Each remote's build this page load runs so far (the first it loaded), by remote name. */
  builds: v.record(area, build),
  records: v.pipe(v.array(SIGNAL), v.maxLength(MAX_RECORDS)),
});

export type Beacon = v.InferOutput<typeof BEACON>;
export type Signal = Beacon['records'][number];
