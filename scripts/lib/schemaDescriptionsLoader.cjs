/**
 * The site build's loader that drops the config schemas' descriptions from
 * the pages' JavaScript, as the embed build does (schemaDescriptions.mts):
 * the docs read descriptions from the source at build time
 * (src/plugins/configReference.ts), so a demo page has no use for them.
 */
const {resolve} = require('node:path');

// jiti 1's types declare an ES default export, but its CommonJS entry is the function itself, which is what require gives.
const createJiti = /** @type {typeof import('jiti').default} */ (/** @type {unknown} */ (require('jiti')));
// jiti reads the TypeScript module; vite and magic-string load as they are.
const load = createJiti(__filename, {interopDefault: true, nativeModules: ['vite', 'magic-string']});

/** @type {import('./schemaDescriptions.mts').DescriptionDropper | null} */
let dropper = null;

/**
 * @this {import('webpack').LoaderContext<{root: import('./schemaDescriptions.mts').Root}>}
 * @param {string} code
 */
module.exports = function dropSchemaDescriptions(code) {
  if (dropper === null) {
    /** @type {typeof import('./schemaDescriptions.mts')} */
    const {DescriptionDropper} = load('./schemaDescriptions.mts');
    const {root} = this.getOptions();
    dropper = new DescriptionDropper({...root, file: resolve(root.file)});
  }
  const dropped = dropper.transform(this.resourcePath, code);
  if (dropped === null) return code;
  this.callback(null, dropped.code, dropped.map.toString());
  return undefined;
};
