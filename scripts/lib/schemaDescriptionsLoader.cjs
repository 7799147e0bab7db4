/**
 * The site build's loader that drops the config schemas' descriptions from
 * the pages' JavaScript, as the embed build does (schemaDescriptions.mts):
 * the docs read descriptions from the source at build time
 * (src/plugins/configReference.ts), so a demo page has no use for them.
 */
const {resolve} = require('node:path');

// jiti reads the TypeScript module; vite and magic-string load as they are.
const load = require('jiti')(__filename, {interopDefault: true, nativeModules: ['vite', 'magic-string']});

let dropper = null;

module.exports = function dropSchemaDescriptions(code) {
  if (dropper === null) {
    const {DescriptionDropper} = load('./schemaDescriptions.mts');
    const {root} = this.getOptions();
    dropper = new DescriptionDropper({...root, file: resolve(root.file)});
  }
  const dropped = dropper.transform(this.resourcePath, code);
  if (dropped === null) return code;
  this.callback(null, dropped.code, dropped.map);
  return undefined;
};
