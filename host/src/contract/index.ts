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
  type RemoteLocations,
  type RemotesJson,
} from './remotesJson.ts';
export { serverEntryUrl } from './manifest.ts';
export * from './hostBuild.ts';
export * from './renderRecord.ts';
export { BEACON, MAX_BEACON_BYTES, SIGNALS_PATH, type Beacon } from './beacon.ts';
export {
  cohortClaimOf,
  cookieOf,
  COHORT_COOKIE,
  COHORT_HEADER,
  isActive,
  OVERRIDE_COOKIE,
  OVERRIDE_HEADER,
  overrideOf,
  ROLLOUT_PATH,
  ROLLOUT_STATES,
  type Cohort,
  type RolloutAnnouncement,
} from './rollout.ts';
export { JSON_OBJECT, readJson, shown } from './readJson.ts';
