// The results page's script as a module of the endpoint: `virtual:coral-results-script` is results/app.ts bundled
// for the browser (with Observable Plot, by vite.results.config.mts) as one string, so the Node endpoint and the
// Worker both serve it from their own bundle, and the tests get it without a build first.
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {build} from 'vite';

const ID = 'virtual:coral-results-script';
const CONFIG = join(dirname(fileURLToPath(import.meta.url)), 'vite.results.config.mts');

/** @returns {import('vite').Plugin} */
export function resultsScript() {
  return {
    name: 'coral-results-script',
    resolveId: (id) => (id === ID ? `\0${ID}` : null),
    async load(id) {
      if (id !== `\0${ID}`) return null;
      const built = /** @type {import('vite').Rollup.RollupOutput | import('vite').Rollup.RollupOutput[]} */ (
        await build({configFile: CONFIG, logLevel: 'warn', build: {write: false}})
      );
      const [chunk] = (Array.isArray(built) ? built : [built]).flatMap((output) => output.output);
      if (chunk?.type !== 'chunk') throw new Error('the results page’s script did not build');
      return `export default ${JSON.stringify(chunk.code)};`;
    },
  };
}
