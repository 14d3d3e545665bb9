/**
 * The host's public entry for the servers and the publishing tools (`@maison/host/hosting`,
 * used by deploy/): what they must read exactly as the page reads it. The remotes.json format,
 * how a route pattern matches a path, where a not-found page shows what was asked for, how a
 * remote's manifest is checked and how its files are fetched. Everything else in host/src is the
 * app's own business.
 *
 * Node runs this file and the ones it names as they are (type stripping): value imports carry
 * their `.ts` extension and only TypeScript syntax that erases to JavaScript is used.
 */
export {
  entriesOf,
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
} from './federation/loading/remotesJson.ts';
export {
  checkManifest,
  parseManifest,
  serverEntryUrl,
  type FederationManifest,
  type ManifestSummary,
} from './federation/loading/manifests.ts';
export {
  REMOTE_FILE_BYTES,
  REMOTE_FILE_LIMITS,
  remoteFileError,
  remoteFileFetch,
  remoteOfUrl,
  type RemoteFileLimits,
} from './renderer/remoteFiles.ts';
export { ownPathProblem } from './renderer/publicLists.ts';
export { firstMatching, parameterOf } from './routePatterns.ts';
export { SHOWN_TEXT_INCLUDE, SHOWN_TEXT_PLACEHOLDER, withShownText } from './renderer/notFoundText.ts';
export { REFUSAL_STYLE, refusalPage, type RefusedStatus } from './renderer/refusalPage.ts';
export { errorMessage } from './errorMessage.ts';
export { HOST_BUILD_FILES } from './hostBuildFiles.ts';
export { servedRoutes, type NotFoundPage, type ServedRoute } from './routes.ts';
export type { PageShell } from './renderer/pageDocument.ts';
export { inlineScript, inlineStyle } from './renderer/inlineCode.ts';
export type { PageRenderer, PageRendererOptions, RenderedPage, PublicPages } from './renderer/pageRenderer.tsx';
export { BEACON, MAX_BEACON_BYTES, SIGNALS_PATH, VITAL_NAMES, type Beacon, type Signal } from './federation/status/beacon.ts';
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
} from './rollout/cohort.ts';
