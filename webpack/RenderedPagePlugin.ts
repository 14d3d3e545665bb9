import HtmlWebpackPlugin from 'html-webpack-plugin';
import webpack from 'webpack';
import { HOST_BUILD_FILES, type PageShell } from '@maison/host/hosting';
import { compileBootScript, type BootScript } from './bootScript';

/**
 * The host's pieces of a rendered page: the head of its index.html as data (so the renderer
 * builds the page from the same files, never by editing HTML text), and the boot script
 * (./bootScript.ts), content-hashed, so it is cached for a year like every other hashed file.
 */
export class RenderedPagePlugin {
  /** The last boot script built; a rebuild (npm start) that changed none of its files keeps it. */
  private boot: BootScript | undefined;

  constructor(private readonly options: { bootEntry: string; hostBuild: string }) {}

  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap('RenderedPagePlugin', (compilation) => {
      let startScript = '';
      compilation.hooks.processAssets.tapPromise(
        { name: 'RenderedPagePlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          const modified = compiler.modifiedFiles;
          if (!this.boot || !modified || this.boot.files.some((file) => modified.has(file)))
            this.boot = await compileBootScript({ entry: this.options.bootEntry, production: compiler.options.mode === 'production' });
          compilation.fileDependencies.addAll(this.boot.files);
          const { code } = this.boot;
          const hash = webpack.util.createHash('sha256').update(code).digest('hex').slice(0, 10);
          startScript = `boot.${hash}.js`;
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
        compilation.emitAsset(HOST_BUILD_FILES.shell, new webpack.sources.RawSource(`${JSON.stringify(shell, null, 2)}\n`));
        return data;
      });
    });
  }
}
