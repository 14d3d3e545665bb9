import { readFileSync } from 'node:fs';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { minify } from 'terser';
import webpack from 'webpack';
import type { PageShell } from '@maison/host/hosting';

/** In dist, like routes.json: a fact about the build for the deploy tools (not secret). */
export const PAGE_SHELL_FILE = 'page-shell.json';

/**
 * The host's pieces of a rendered page: the head of its index.html as data (so the renderer
 * builds the page from the same files, never by editing HTML text), and the start script,
 * minified and content-hashed, so it is cached for a year like every other hashed file.
 */
export class RenderedPagePlugin {
  constructor(private readonly options: { startScript: string; hostBuild: string }) {}

  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap('RenderedPagePlugin', (compilation) => {
      let startScript = '';
      compilation.hooks.processAssets.tapPromise(
        { name: 'RenderedPagePlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          const { code = '' } = await minify(readFileSync(this.options.startScript, 'utf8'), { ecma: 2015 });
          const hash = webpack.util.createHash('sha256').update(code).digest('hex').slice(0, 10);
          startScript = `start.${hash}.js`;
          compilation.emitAsset(startScript, new webpack.sources.RawSource(code), { minimized: true, immutable: true });
        },
      );
      HtmlWebpackPlugin.getHooks(compilation).afterTemplateExecution.tap('RenderedPagePlugin', (data) => {
        const headTags = data.headTags.map(({ tagName, attributes }) => ({ tagName, attributes }));
        // Two builds of one commit (a dirty tree) differ in their files: the pages rendered for one
        // name its files, so the build is named by what the pages name, not by the commit alone.
        const files = webpack.util
          .createHash('sha256')
          .update(JSON.stringify([headTags, startScript]))
          .digest('hex')
          .slice(0, 8);
        const shell: PageShell = { hostBuild: `${this.options.hostBuild}.${files}`, headTags, startScript: `/${startScript}` };
        compilation.emitAsset(PAGE_SHELL_FILE, new webpack.sources.RawSource(`${JSON.stringify(shell, null, 2)}\n`));
        return data;
      });
    });
  }
}
