/**
 * The boot script of rendered pages (host/src/boot/), built by a webpack compiler of its own. As
 * an entry of the host's build it would carry the federation runtime: @module-federation/enhanced
 * adds it to every entry (FederationRuntimePlugin includes its runtime in each entry and adds its
 * runtime module to every chunk with a runtime), tens of KiB before the first paint. This build
 * holds the boot's own modules and the few functions of the address module it uses, nothing else.
 */
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import webpack from 'webpack';
import { moduleRules } from './parts';

export interface BootScript {
  /** The script, minified in production. */
  code: string;
  /** Every file it was built from (a change to one rebuilds it). */
  files: string[];
}

const OUTPUT = 'boot.js';

/**
 * It blocks the first paint: gzipped as the answerer sends it (level 6), about the ES5 start.js it
 * replaced (1,850 B), the 50 B of keeping the first view's chunks recoverable (boot/firstViewChunks.ts)
 * and the 50 B of keeping the language's move on the shop's origin (shared/src/address/sameOrigin.ts).
 */
export const BOOT_SCRIPT_BUDGET = 1950;

export function compileBootScript({ entry, production }: { entry: string; production: boolean }): Promise<BootScript> {
  const root = path.resolve(__dirname, '..');
  const compiler = webpack({
    name: 'boot',
    mode: production ? 'production' : 'development',
    context: path.dirname(entry),
    entry: { boot: entry },
    target: ['web', 'es2020'],
    devtool: false,
    output: { path: path.join(root, 'node_modules', '.cache', 'boot'), filename: OUTPUT, publicPath: '', iife: true },
    resolve: { extensions: ['.ts', '.js'] },
    // Production's transpiling, in development too: the boot has no component to refresh.
    module: { rules: moduleRules(true, 'boot') },
    cache: {
      type: 'filesystem',
      name: `host-boot-${production ? 'production' : 'development'}`,
      cacheDirectory: path.join(root, 'node_modules', '.cache', 'webpack'),
      buildDependencies: { config: [__filename, path.join(__dirname, 'parts.ts'), path.join(root, 'tsconfig.base.json')] },
    },
    performance: { hints: false },
    infrastructureLogging: { level: 'error' },
  });
  // Nothing is written: the host's build emits the code under its content hash.
  compiler.hooks.shouldEmit.tap('BootScript', () => false);
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      const finish = (outcome: () => void) => compiler.close((closeError) => (closeError ? reject(closeError) : outcome()));
      if (error || !stats) return finish(() => reject(error ?? new Error('the boot script was not built')));
      const { compilation } = stats;
      if (stats.hasErrors()) return finish(() => reject(new Error(`the boot script: ${compilation.errors.map(String).join('\n')}`)));
      // A concatenated module (production) holds the modules it was made of.
      const modules = [...compilation.modules].flatMap((module) => [
        ...((module as { modules?: Iterable<webpack.Module> }).modules ?? [module]),
      ]);
      const libraries = modules.flatMap((module) => {
        const resource = (module as webpack.NormalModule).resource ?? module.identifier();
        return resource.includes(`${path.sep}node_modules${path.sep}`) ? [resource] : [];
      });
      if (libraries.length > 0)
        return finish(() => reject(new Error(`the boot script must stay dependency-free, but it includes ${libraries.join(', ')}`)));
      const code = String(compilation.getAsset(OUTPUT)!.source.source());
      const size = gzipSync(code, { level: 6 }).length;
      if (production && size > BOOT_SCRIPT_BUDGET)
        return finish(() => reject(new Error(`the boot script is ${size} bytes gzipped, over its budget of ${BOOT_SCRIPT_BUDGET}`)));
      finish(() => resolve({ code, files: [...compilation.fileDependencies].filter((file) => /\.tsx?$/.test(file)) }));
    });
  });
}
