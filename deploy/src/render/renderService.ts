/** One host build's renderer in a worker thread, so rendering never holds up answering: calls time out, and a bad worker is replaced. */
// Why: docs/decisions/serving.md#render-worker-code-as-text
import { Worker } from 'node:worker_threads';
import type { PageRenderer, PageRendererOptions } from '@maison/host/hosting';
import type { HostBuild } from '../builds/hostBuild.ts';

/** CommonJS, run with `eval: true` and `{ rendererFile, options }` as its data; answers `{ id, result }` or `{ id, error }` to each `{ id, call, args }`. */
const RENDER_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const renderer = require(workerData.rendererFile).createPageRenderer(workerData.options);
// A renderer that cannot start says why to each call, rather than taking the thread down.
renderer.catch(() => undefined);
async function run({ call, args }) {
  const ready = await renderer;
  if (call === 'describe') return { languages: ready.languages, problems: ready.problems };
  return ready[call](...args);
}
parentPort.on('message', (message) => {
  run(message).then(
    (result) => parentPort.postMessage({ id: message.id, result }),
    (error) => parentPort.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
`;

export type RenderService = Pick<PageRenderer, 'publicPages' | 'render' | 'renderNotFound'> & {
  describe(): Promise<Pick<PageRenderer, 'languages' | 'problems'>>;
  close(): Promise<void>;
};

export function renderService(
  build: HostBuild,
  options: Omit<PageRendererOptions, 'shell'>,
  { callMs = 15_000, log = console.log }: { callMs?: number; log?: (line: string) => void } = {},
): RenderService {
  let worker: Worker | undefined;
  /** Each call under way, settled by the worker's answer or by the worker's end, whichever comes first. */
  const pending = new Map<number, (answer: { result?: unknown; error?: string }) => void>();
  let nextId = 0;

  const stop = (why: string) => {
    const stopped = worker;
    worker = undefined;
    for (const settle of [...pending.values()]) settle({ error: why });
    return stopped ? stopped.terminate().then(() => undefined) : Promise.resolve();
  };

  const start = (): Worker => {
    const workerData = { rendererFile: build.rendererFile, options: { ...options, shell: build.shell } satisfies PageRendererOptions };
    const started = new Worker(RENDER_WORKER_SOURCE, { eval: true, workerData });
    started.on('message', ({ id, ...answer }: { id: number; result?: unknown; error?: string }) => pending.get(id)?.(answer));
    const fail = (why: string) => {
      if (worker !== started) return;
      log(`[render] the renderer of ${build.id} stopped (${why}): the next page starts a new one`);
      void stop(`the renderer stopped (${why})`);
    };
    started.on('error', (error) => fail(error.message));
    started.on('exit', (code) => fail(`exit ${code}`));
    started.unref();
    return started;
  };

  // The calls' types are RenderService's: the worker's code is untyped text.
  const call = <T>(name: keyof Omit<RenderService, 'close'>, args: unknown[]): Promise<T> => {
    worker ??= start();
    const id = (nextId += 1);
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        log(`[render] ${name} ${JSON.stringify(args)} took over ${callMs / 1000} s: the renderer is replaced`);
        void stop(`no answer within ${callMs / 1000} s`);
      }, callMs);
      pending.set(id, ({ result, error }) => {
        pending.delete(id);
        clearTimeout(timer);
        if (error === undefined) resolve(result as T);
        else reject(new Error(error));
      });
      worker!.postMessage({ id, call: name, args });
    });
  };

  return {
    describe: () => call('describe', []),
    publicPages: () => call('publicPages', []),
    render: (...args) => call('render', args),
    renderNotFound: (...args) => call('renderNotFound', args),
    close: () => stop('closed'),
  };
}
