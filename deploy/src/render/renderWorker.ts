/**
 * A render worker: a thread that loads one host build's renderer with one remotes.json and renders
 * what it is asked to, so that rendering (the remotes' code, React's renderToString) never holds up
 * the thread that answers requests. renderService.ts starts it and speaks to it.
 *
 * Its code is given to the thread as text: the modules around it are also loaded by tools that
 * compile them to CommonJS (the browser tests), where no module can name its own file.
 */
import type { PageRenderer, PageRendererOptions } from '@maison/host/hosting';

export interface RenderWorkerData {
  rendererFile: string;
  options: PageRendererOptions;
}

export type RenderCall =
  | { call: 'describe'; args: [] }
  | { call: 'publicPages'; args: [] }
  | { call: 'render'; args: Parameters<PageRenderer['render']> }
  | { call: 'renderNotFound'; args: Parameters<PageRenderer['renderNotFound']> };

/** CommonJS, run with `eval: true` and RenderWorkerData; answers `{ id, result }` or `{ id, error }` to each RenderCall. */
export const RENDER_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const renderer = require(workerData.rendererFile).createPageRenderer(workerData.options);
// A renderer that cannot start says why to each call, rather than taking the thread down.
renderer.catch(() => undefined);
async function run({ call, args }) {
  const ready = await renderer;
  if (call === 'describe') return { hostBuild: ready.hostBuild, languages: ready.languages, problems: ready.problems };
  return ready[call](...args);
}
parentPort.on('message', (message) => {
  run(message).then(
    (result) => parentPort.postMessage({ id: message.id, result }),
    (error) => parentPort.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
`;
