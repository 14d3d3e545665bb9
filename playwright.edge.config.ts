import base from './playwright.config';

/** The edge's browser test alone (e2e/edge.spec.ts starts its own servers on 3700-3703 and 7494): the main config without its shop on 3000. */
export default { ...base, testMatch: 'edge.spec.ts', webServer: undefined, workers: 1 };
