/**
 * A production build's text files compressed once, at build time, with brotli's best quality
 * (`<file>.br` beside each): 9 % smaller than what a server compresses per process at quality 5
 * (the shared libraries: 97.8 against 107.5 KiB), which a phone on a slow line downloads before
 * the page can come alive. The servers send `<file>.br` for `<file>` to a client that takes
 * brotli (deploy/src/answer/buildFiles.ts) and never hand it out by its own name.
 */
import { brotliCompressSync, constants } from 'node:zlib';
import webpack from 'webpack';

/** What is worth it: text a page loads, at least a kilobyte of it (as the servers decide: deploy/src/answer/bodies.ts). */
const COMPRESSIBLE = /\.(js|css|svg|json)$/;
export const PRECOMPRESSED_SUFFIX = '.br';

export class PrecompressPlugin {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PrecompressPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        (assets) => {
          for (const [name, source] of Object.entries(assets)) {
            const bytes = source.buffer();
            if (!COMPRESSIBLE.test(name) || bytes.length < 1024) continue;
            const compressed = brotliCompressSync(bytes, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
            });
            compilation.emitAsset(`${name}${PRECOMPRESSED_SUFFIX}`, new webpack.sources.RawSource(compressed));
          }
        },
      );
    });
  }
}
