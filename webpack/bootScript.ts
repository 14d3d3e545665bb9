/** The boot script of rendered pages (host/src/boot/), built by its own webpack compiler. */
// Why: docs/decisions/build-and-render.md#boot-script
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import webpack from 'webpack';
import { buildCache, moduleRules } from './parts';

export interface BootScript {
  code: string;
  /** Every file it was built from (a change to one rebuilds it). */
  files: string[];
}

const OUTPUT = 'boot.js';

/** Gzipped bytes (level 6): it blocks the first paint. */
// Why: docs/decisions/build-and-render.md#boot-script-budget
export const BOOT_SCRIPT_BUDGET = 1950;

export async function compileBootScript({ entry, production }: { entry: string; production: boolean }): Promise<BootScript> {
  const compiler = webpack({
    name: 'boot',
    mode: production ? 'production' : 'development',
    context: path.dirname(entry),
    entry: { boot: entry },
    target: ['web', 'es2020'],
    devtool: false,
    output: { path: path.join(__dirname, '..', 'node_modules', '.cache', 'boot'), filename: OUTPUT, publicPath: '', iife: true },
    resolve: { extensions: ['.ts', '.js'] },
    // Production's transpiling, in development too: the boot has no component to refresh.
    module: { rules: moduleRules(true, 'boot') },
    cache: buildCache(`host-boot-${production ? 'production' : 'development'}`),
    performance: { hints: false },
    infrastructureLogging: { level: 'error' },
  });
  // The host's build emits the code under its content hash.
  compiler.hooks.shouldEmit.tap('BootScript', () => false);
  try {
    const stats = await promisify(compiler.run.bind(compiler))();
    if (!stats) throw new Error('the boot script was not built');
    const { compilation } = stats;
    if (stats.hasErrors()) throw new Error(`the boot script: ${compilation.errors.map(String).join('\n')}`);
    // A concatenated module (production) holds the modules it was made of.
    const modules = [...compilation.modules].flatMap((module) => [
      ...((module as { modules?: Iterable<webpack.Module> }).modules ?? [module]),
    ]);
    const libraries = modules.flatMap((module) => {
      const resource = (module as webpack.NormalModule).resource ?? module.identifier();
      return resource.includes(`${path.sep}node_modules${path.sep}`) ? [resource] : [];
    });
    if (libraries.length > 0) throw new Error(`the boot script must stay dependency-free, but it includes ${libraries.join(', ')}`);
    const code = String(compilation.getAsset(OUTPUT)!.source.source());
    const size = gzipSync(code, { level: 6 }).length;
    if (production && size > BOOT_SCRIPT_BUDGET)
      throw new Error(`the boot script is ${size} bytes gzipped, over its budget of ${BOOT_SCRIPT_BUDGET}`);
    return { code, files: [...compilation.fileDependencies].filter((file) => /\.tsx?$/.test(file)) };
  } finally {
    await promisify(compiler.close.bind(compiler))();
  }
}
