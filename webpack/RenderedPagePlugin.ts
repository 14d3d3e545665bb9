import HtmlWebpackPlugin from 'html-webpack-plugin';
import webpack from 'webpack';
import { inlineScript, inlineStyle } from '@maison/host/hosting';
import { HOST_BUILD_FILES, type PageShell } from '@maison/host/contract';
import { compileBootScript, type BootScript } from './bootScript';

const jsonSource = (data: unknown) => new webpack.sources.RawSource(`${JSON.stringify(data, null, 2)}\n`);

/** The host build's files for the servers: routes.json (`routes`); page-shell.json, index.html's head as data with the inline boot script and stylesheets. */
export const renderedPagePlugin = (options: { bootEntry: string; hostBuild: string; routes: unknown }) => {
  /** Reused by a rebuild that changed none of its files. */
  let boot: BootScript | undefined;
  return (compiler: webpack.Compiler) =>
    compiler.hooks.thisCompilation.tap('RenderedPagePlugin', (compilation) => {
      let bootScript = '';
      compilation.hooks.processAssets.tapPromise(
        { name: 'RenderedPagePlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          const modified = compiler.modifiedFiles;
          if (!boot || !modified || boot.files.some((file) => modified.has(file)))
            boot = await compileBootScript({ entry: options.bootEntry, production: compiler.options.mode === 'production' });
          compilation.fileDependencies.addAll(boot.files);
          bootScript = inlineScript(boot.code);
          compilation.emitAsset(HOST_BUILD_FILES.routes, jsonSource(options.routes));
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
        const files = webpack.util
          .createHash('sha256')
          .update(JSON.stringify([headTags, bootScript, stylesheets]))
          .digest('hex')
          .slice(0, 8);
        const { hostBuild } = options;
        const shell: PageShell = { hostBuild: `${hostBuild}.${files}`, version: hostBuild, headTags, bootScript, stylesheets };
        compilation.emitAsset(HOST_BUILD_FILES.shell, jsonSource(shell));
        return data;
      });
    });
};
