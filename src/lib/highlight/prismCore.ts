/**
 * Prism's core with no grammar, told never to highlight the page on its own:
 * React renders every code block, and Prism rewriting that DOM would break
 * hydration. The grammar files register themselves on this same instance,
 * which the core also puts on `globalThis.Prism`.
 */
import type * as PrismTypes from 'prismjs';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the core must run before any grammar file, which an import would hoist past
const Prism: typeof PrismTypes = require('prismjs/components/prism-core');
Prism.manual = true;

export default Prism;
