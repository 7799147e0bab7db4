/** The option trees src/plugins/configReference.ts writes at build time. */
declare module '@generated/coral-config-reference/default/*-options.json' {
  import type {OptionNode} from '@site/src/coral/shared/docs';

  const options: readonly OptionNode[];
  export default options;
}
