/**
 * Serves the site's code blocks with `src/lib/highlight` instead of
 * prism-react-renderer, so Prism's grammars are neither in the main script
 * nor built on pages that show no code (see that module for the figures'
 * cause). The classic theme's client module that loaded Prism on every page
 * to add `prism.additionalLanguages` is swapped for an empty one: the
 * languages the docs use are in `src/lib/highlight` instead.
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

export default function codeHighlightPlugin(context: LoadContext): Plugin {
  const highlight = path.join(context.siteDir, 'src/lib/highlight');
  return {
    name: 'coral-code-highlight',
    configureWebpack(_config, _isServer, {currentBundler}) {
      return {
        resolve: {alias: {'prism-react-renderer$': path.join(highlight, 'index.tsx')}},
        plugins: [
          new currentBundler.instance.NormalModuleReplacementPlugin(
            /@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages/,
            path.join(highlight, 'noClientModule.ts'),
          ),
        ],
      };
    },
  };
}
