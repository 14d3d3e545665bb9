/** The formats between the host, the deploy, the build and the remotes (`@maison/host/contract`). */
// Why: docs/decisions/contract.md#formats
export {
  entriesOf,
  ENTRY_FILE,
  entryUrlOf,
  firstChoices,
  MANIFEST_FILE,
  manifestUrlOf,
  originProblem,
  parseRemotesJson,
  remoteOrigins,
  REMOTES_JSON_PATH,
  type RemoteLocations,
  type RemotesJson,
} from './remotesJson.ts';
export { serverEntryUrl, type FederationManifest } from './manifest.ts';
export {
  HOST_BUILD_FILES,
  PAGE_SHELL,
  ROUTE_TABLE,
  SERVER_PUBLIC_PATHS_GLOBAL,
  type NotFoundPage,
  type PageShell,
  type ServedRoute,
} from './hostBuild.ts';
export { RENDER_RECORD, type RenderedBuilds, type RenderRecord } from './renderRecord.ts';
export { BEACON, MAX_BEACON_BYTES, SIGNALS_PATH, type Beacon, type Signal } from './beacon.ts';
export {
  BUCKETS,
  cohortClaimOf,
  cohortOfBucket,
  cookieOf,
  COHORT_COOKIE,
  COHORT_HEADER,
  isActive,
  isRollout,
  OVERRIDE_COOKIE,
  OVERRIDE_HEADER,
  overrideOf,
  ROLLOUT_ANNOUNCEMENT,
  ROLLOUT_PATH,
  ROLLOUT_STATES,
  type Cohort,
  type Rollout,
  type RolloutAnnouncement,
} from './rollout.ts';
export { JSON_OBJECT, readJson } from './readJson.ts';
