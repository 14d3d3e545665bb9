/** @maison/deploy: the answerer and what it reads, for the dev server, browser tests and bench; servers: ./serve.ts; commands: cli/. */
export { composeAnswerer, createAnswerer } from './answer/answer.ts';
export { buildFiles, type FileSource } from './answer/files.ts';
export { fileStamp, watchHostBuild } from './builds/hostBuild.ts';
export { pagesOnDemand } from './answer/pagesOnDemand.ts';
export { FILE_POLICY, pagePolicy, securityHeaders, servedRemotes } from './answer/policy.ts';
export { refusal, refusedLanguage, refusedTarget } from './answer/refusal.ts';
export { CACHE_CONTROL } from './answer/cacheControl.ts';
export { ENVIRONMENT_FILE, GENERATION_FILE, LOCAL_ENVIRONMENT_DIR } from './environment/layout.ts';
export { watchEnvironment } from './environment/served.ts';
export { METRIC, type MetricName } from './observe/metricNames.ts';
export { CLIENT_GROUPS, pageLoadTokens, signalsKey } from './answer/beacons/pageLoadTokens.ts';
