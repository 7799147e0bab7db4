/**
 * Drops the config schemas' descriptions from the site's bundles (client and
 * server alike, so hydration agrees): the docs pages get them from the
 * generated reference, and a page that shows a component only needs the
 * checks. See scripts/lib/schemaDescriptionsLoader.cjs.
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

export default function schemaDescriptionsPlugin(context: LoadContext): Plugin {
  const library = path.join(context.siteDir, 'src', 'coral');
  return {
    name: 'coral-schema-descriptions',
    configureWebpack() {
      return {
        module: {
          rules: [
            {
              test: /\.tsx?$/,
              include: [library],
              enforce: 'pre',
              use: [
                {
                  loader: path.join(context.siteDir, 'scripts', 'lib', 'schemaDescriptionsLoader.cjs'),
                  options: {root: {file: path.join(library, 'shared', 'schemaParts.ts'), name: 'describe', index: 1}},
                },
              ],
            },
          ],
        },
      };
    },
  };
}
