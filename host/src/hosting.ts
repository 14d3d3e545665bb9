/** The host's public entry for the servers and the publishing tools (`@maison/host/hosting`): the code they must run exactly as the page does. */
// The formats themselves are `@maison/host/contract`; Node runs these files as they are: docs/decisions/contract.md#formats
export { checkManifest, parseManifest } from './federation/loading/manifests.ts';
export { PUBLISH_FILE_LIMITS, remoteFileFetch, type RemoteFileLimits } from './renderer/remoteFiles.ts';
export { ownPathProblem, redirectProblem } from './renderer/publicLists.ts';
export { firstMatching, parameterOf } from './routePatterns.ts';
export { escapeHtml, SHOWN_TEXT_INCLUDE, withShownText } from './renderer/notFoundText.ts';
export { REFUSAL_STYLE, refusalPage, type RefusedStatus } from './renderer/refusalPage.ts';
export { errorMessage } from './errorMessage.ts';
export { servedRoutes } from './routes.ts';
export { inlineScript, inlineStyle } from './renderer/inlineCode.ts';
export type { PageRenderer, PageRendererOptions, RenderedPage, PublicPages } from './renderer/pageRenderer.tsx';
