/** The formats between the host, the deploy, the build and the remotes (`@maison/host/contract`). */
// Why: docs/decisions/contract.md#formats
export * from './remotesJson.ts';
export { serverEntryUrl } from './manifest.ts';
export * from './hostBuild.ts';
export * from './renderRecord.ts';
export {
  BEACON,
  MAX_BEACON_BYTES,
  MAX_RECORDS,
  PAGE_LOAD_ANSWER,
  PAGE_LOAD_PATH,
  SIGNALS_PATH,
  TOKEN_PARAMETER,
  type Beacon,
  type Signal,
} from './observe/beacon.ts';
export * from './rollout/cohorts.ts';
export * from './rollout/rolloutRecord.ts';
export { JSON_OBJECT, readJson, shown } from './readJson.ts';
