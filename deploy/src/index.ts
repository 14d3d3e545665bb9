/**
 * @maison/deploy's public entry: the answerer and what it reads (the policies, the rules, the
 * environment as served), for the tools above it (the development server, the browser tests, the
 * benchmark). Starting servers is `@maison/deploy/serve` (serve.ts); the commands are in cli/.
 */
export { composeAnswerer, createAnswerer, type Answer, type AnswererParts, type ServedApp } from './answer/answer.ts';
export { buildFiles, hiddenFile, type FileSource, type ReadableFileSystem } from './answer/files.ts';
export type { PagesNow, ServedPages } from './answer/pages.ts';
export { fileStamp, readHostBuild, watchHostBuild, type HostBuild, type HostBuildState } from './builds/hostBuild.ts';
export { pagesOnDemand } from './render/pagesOnDemand.ts';
export {
  FILE_POLICY,
  inlineSource,
  pagePolicy,
  securityHeaders,
  servedRemotes,
  type InlineCode,
  type ServedRemotes,
} from './answer/policy.ts';
export { refusal, refusedLanguage, refusedTarget, REQUEST_LIMITS } from './answer/refusal.ts';
export { CACHE_CONTROL } from './answer/cacheControl.ts';
export { navigationAnswer, type NavigationAnswer } from './answer/navigation.ts';
export { preloadLinkFor, preloadLinks } from './answer/pages.ts';
export { checkGeneration, isGood, type Generation } from './environment/generation.ts';
export { currentId, generationDir, generationIds } from './environment/generations.ts';
export { ENVIRONMENT_FILE, GENERATION_FILE, LOCAL_ENVIRONMENT_DIR } from './environment/layout.ts';
export { watchEnvironment, type Served, type ServedEnvironment } from './environment/served.ts';
