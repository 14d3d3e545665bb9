/**
 * A render worker: a thread that loads one host build's renderer with one remotes.json and renders
 * what it is asked to, so that rendering (the remotes' code, React's renderToString) never holds up
 * the thread that answers requests. renderService.ts starts it and speaks to it.
 */
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
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

const { rendererFile, options } = workerData as RenderWorkerData;
const module = createRequire(import.meta.url)(rendererFile) as { createPageRenderer(options: PageRendererOptions): Promise<PageRenderer> };
const renderer = module.createPageRenderer(options);

async function run({ call, args }: RenderCall): Promise<unknown> {
  const ready = await renderer;
  if (call === 'describe') return { hostBuild: ready.hostBuild, languages: ready.languages, problems: ready.problems };
  if (call === 'publicPages') return ready.publicPages();
  if (call === 'render') return ready.render(...args);
  return ready.renderNotFound(...args);
}

parentPort!.on('message', (message: RenderCall & { id: number }) => {
  run(message).then(
    (result) => parentPort!.postMessage({ id: message.id, result }),
    (error: unknown) => parentPort!.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
