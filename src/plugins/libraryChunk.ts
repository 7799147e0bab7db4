/**
 * Gives the component library a shared chunk of its own instead of a place in
 * Docusaurus's `common` chunk. `common` takes every module that half the
 * routes use and is loaded by every route that needs any one of them, so with
 * the library in it each doc, blog post and page downloaded zod, the config
 * schemas and the form helpers for the sake of a code block. The `coral` chunk
 * follows the same rule as `common` (same threshold, same kind of chunk), so
 * the routes that show a component load the same code as before, in one file
 * more, and the others no longer load it at all.
 */
import type {Plugin} from '@docusaurus/types';

/** The library's own folder and the packages only it uses. */
const LIBRARY_MODULE = /[\\/](?:src[\\/]coral|node_modules[\\/]zod)[\\/]/;

export default function libraryChunkPlugin(): Plugin {
  return {
    name: 'coral-library-chunk',
    configureWebpack(config) {
      // The server build splits nothing, so it has no `common` group and stays as it is.
      const splitChunks = config.optimization?.splitChunks;
      const common = splitChunks ? splitChunks.cacheGroups?.common : undefined;
      if (typeof common !== 'object' || common instanceof RegExp) return {};
      return {
        optimization: {
          splitChunks: {
            cacheGroups: {
              coral: {...common, name: 'coral', test: LIBRARY_MODULE, priority: (common.priority ?? 0) + 1},
            },
          },
        },
      };
    },
  };
}
