/** A render worker: a host build's renderer in a thread, so rendering never holds up answering. */
// Why: docs/decisions/serving.md#render-worker-code-as-text
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
