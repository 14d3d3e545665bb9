import HtmlWebpackPlugin from 'html-webpack-plugin';
import webpack from 'webpack';

/** V8's compile hint: compile the whole script off the main thread as it arrives. */
// Why: docs/decisions/build-and-render.md#compile-hint
const COMPILE_WHOLE_HINT = '//# allFunctionsCalledOnLoad';

export interface PreloadOptions {
  /** Named async chunks: their JS and CSS. */
  chunks: string[];
  /** Same-origin fetches, e.g. /remotes.json. */
  fetches: string[];
}

/** Preloads the startup chunks (named, and the shared libraries the host provides) and fetches; prefixes their scripts with the compile hint. */
export const preloadPlugin = (preload: PreloadOptions) => (compiler: webpack.Compiler) => {
  const startupFiles = (compilation: webpack.Compilation): string[] => {
    const named = preload.chunks.flatMap((name) => compilation.namedChunkGroups.get(name)?.getFiles() ?? []);
    // The page's copies of the shared libraries (the host loads first): each ProvideSharedModule's async block holds one.
    const provided = [...compilation.modules]
      .filter((module) => module.constructor.name === 'ProvideSharedModule')
      .flatMap((module) => module.blocks.flatMap((block) => compilation.chunkGraph.getBlockChunkGroup(block)?.getFiles() ?? []));
    const linked = new Set(compilation.entrypoints.get('main')?.getFiles() ?? []);
    return [...new Set([...named, ...provided])].filter((file) => !linked.has(file));
  };

  compiler.hooks.compilation.tap('PreloadPlugin', (compilation) => {
    // After the minifier (it drops comments), before the source maps are made (they shift with it).
    compilation.hooks.processAssets.tap({ name: 'PreloadPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING - 1 }, () => {
      for (const file of startupFiles(compilation).filter((name) => name.endsWith('.js')))
        compilation.updateAsset(file, (source) => new webpack.sources.ConcatSource(`${COMPILE_WHOLE_HINT}\n`, source));
    });
    HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadPlugin', (data) => {
      const link = (href: string, as: string, crossorigin?: string) =>
        HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', href, as, ...(crossorigin ? { crossorigin } : {}) });
      const files = startupFiles(compilation);
      data.headTags.push(
        ...preload.fetches.map((href) => link(href, 'fetch', 'anonymous')),
        ...files.filter((file) => file.endsWith('.css')).map((file) => link(`/${file}`, 'style')),
        ...files.filter((file) => file.endsWith('.js')).map((file) => link(`/${file}`, 'script')),
      );
      return data;
    });
  });
};
