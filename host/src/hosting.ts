/**
 * The host's public entry for the servers and the publishing tools (`@maison/host/hosting`,
 * used by deploy/): the code they must run exactly as the page does. How a route pattern matches
 * a path, where a not-found page shows what was asked for, how a remote's manifest is checked and
 * how its files are fetched, the refusal page. The formats themselves are `@maison/host/contract`.
 *
 * Node runs this file and the ones it names as they are (type stripping): value imports carry
 * their `.ts` extension and only TypeScript syntax that erases to JavaScript is used.
 */
export { checkManifest, parseManifest } from './federation/loading/manifests.ts';
export { PUBLISH_FILE_LIMITS, remoteFileFetch, type RemoteFileLimits } from './renderer/remoteFiles.ts';
export { ownPathProblem } from './renderer/publicLists.ts';
export { firstMatching, parameterOf } from './routePatterns.ts';
export { escapeHtml, SHOWN_TEXT_INCLUDE, withShownText } from './renderer/notFoundText.ts';
export { REFUSAL_STYLE, refusalPage, type RefusedStatus } from './renderer/refusalPage.ts';
export { errorMessage } from './errorMessage.ts';
export { servedRoutes } from './routes.ts';
export { inlineScript, inlineStyle } from './renderer/inlineCode.ts';
export type { PageRenderer, PageRendererOptions, RenderedPage, PublicPages } from './renderer/pageRenderer.tsx';
