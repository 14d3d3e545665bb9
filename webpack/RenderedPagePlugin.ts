/** The host build's files for the servers, and the boot script of rendered pages (host/src/boot/), built by its own compiler. */
// Why: docs/decisions/build-and-render.md#boot-script
import { hash } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import webpack from 'webpack';
import { inlineScript, inlineStyle } from '@maison/host/hosting';
import { HOST_BUILD_FILES, type PageShell } from '@maison/host/contract';
import { buildCache, moduleRules } from './parts';

const BOOT_OUTPUT = 'boot.js';

/** Gzipped bytes (level 6): it blocks the first paint. */
// Why: docs/decisions/build-and-render.md#boot-script-budget
const BOOT_SCRIPT_BUDGET = 2070;

async function compileBootScript({ entry, production }: { entry: string; production: boolean }) {
  const compiler = webpack({
    name: 'boot',
    mode: production ? 'production' : 'development',
    context: path.dirname(entry),
    entry: { boot: entry },
    target: ['web', 'es2020'],
    devtool: false,
    output: { path: path.join(__dirname, '..', 'node_modules', '.cache', 'boot'), filename: BOOT_OUTPUT, publicPath: '', iife: true },
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
    const libraries = [...compilation.modules]
      // A concatenated module (production) holds the modules it was made of.
      .flatMap((module) => [...((module as { modules?: Iterable<webpack.Module> }).modules ?? [module])])
      .map((module) => (module as webpack.NormalModule).resource ?? module.identifier())
      .filter((resource) => resource.includes(`${path.sep}node_modules${path.sep}`));
    if (libraries.length > 0) throw new Error(`the boot script must stay dependency-free, but it includes ${libraries.join(', ')}`);
    const code = String(compilation.getAsset(BOOT_OUTPUT)!.source.source());
    const size = gzipSync(code, { level: 6 }).length;
    if (production && size > BOOT_SCRIPT_BUDGET)
      throw new Error(`the boot script is ${size} bytes gzipped, over its budget of ${BOOT_SCRIPT_BUDGET}`);
    // Every file it was built from: a change to one rebuilds it.
    return { code, files: [...compilation.fileDependencies].filter((file) => /\.tsx?$/.test(file)) };
  } finally {
    await promisify(compiler.close.bind(compiler))();
  }
}

const jsonSource = (data: unknown) => new webpack.sources.RawSource(`${JSON.stringify(data, null, 2)}\n`);

/** routes.json (`routes`); page-shell.json, index.html's head as data with the inline boot script and stylesheets. */
export const renderedPagePlugin = ({ bootEntry, hostBuild, routes }: { bootEntry: string; hostBuild: string; routes: unknown }) => {
  /** Reused by a rebuild that changed none of its files. */
  let boot: Awaited<ReturnType<typeof compileBootScript>> | undefined;
  return (compiler: webpack.Compiler) =>
    compiler.hooks.thisCompilation.tap('RenderedPagePlugin', (compilation) => {
      let bootScript = '';
      compilation.hooks.processAssets.tapPromise(
        { name: 'RenderedPagePlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          const modified = compiler.modifiedFiles;
          if (!boot || !modified || boot.files.some((file) => modified.has(file)))
            boot = await compileBootScript({ entry: bootEntry, production: compiler.options.mode === 'production' });
          compilation.fileDependencies.addAll(boot.files);
          bootScript = inlineScript(boot.code);
          compilation.emitAsset(HOST_BUILD_FILES.routes, jsonSource(routes));
        },
      );
      HtmlWebpackPlugin.getHooks(compilation).afterTemplateExecution.tap('RenderedPagePlugin', (data) => {
        const headTags = data.headTags.map(({ tagName, attributes }) => ({ tagName, attributes }));
        const stylesheets: PageShell['stylesheets'] = {};
        for (const { attributes } of headTags) {
          if (attributes.rel !== 'stylesheet' || typeof attributes.href !== 'string') continue;
          const asset = compilation.getAsset(new URL(attributes.href, 'http://root.invalid/').pathname.slice(1));
          const text = asset && inlineStyle(asset.source.source().toString(), attributes.href);
          if (text !== undefined) stylesheets[attributes.href] = text;
        }
        // Named by what the pages carry: two builds of one dirty commit differ.
        const files = hash('sha256', JSON.stringify([headTags, bootScript, stylesheets])).slice(0, 8);
        const shell: PageShell = { hostBuild: `${hostBuild}.${files}`, version: hostBuild, headTags, bootScript, stylesheets };
        compilation.emitAsset(HOST_BUILD_FILES.shell, jsonSource(shell));
        return data;
      });
    });
};
