/**
 * The formats between the host, the deploy, the build and the remotes, each defined once as a
 * schema its type comes from (`@maison/host/contract`). Every reader checks a file through its
 * schema (readJson.ts: an error names the file and the field).
 *
 * | format                     | written by                              | read by                                    |
 * | -------------------------- | --------------------------------------- | ------------------------------------------ |
 * | remotes.json               | npm run remotes, a publish              | the page, the renderer, the servers         |
 * | mf-manifest.json           | each remote's build                     | the page, the renderer, a publish           |
 * | routes.json, page-shell.json | the host build                        | the servers, a publish (builds/hostBuild.ts) |
 * | render.json                | a publish                               | the servers, the rollout, a rollback        |
 * | rollout.json, cookies      | npm run rollout; the page               | the servers; the page                       |
 * | beacons                    | the page                                | the servers (observe/signals.ts)            |
 *
 * Node runs these files as they are: `.ts` imports, erasable TypeScript only.
 */
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
  type RemotesJsonRules,
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
export { BEACON, MAX_BEACON_BYTES, SIGNALS_PATH, VITAL_NAMES, type Beacon, type Signal } from './beacon.ts';
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
  type CohortClaim,
  type Rollout,
  type RolloutAnnouncement,
  type RolloutState,
} from './rollout.ts';
export { issueText, JSON_OBJECT, readJson } from './readJson.ts';
