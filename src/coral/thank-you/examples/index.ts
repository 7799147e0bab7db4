/**
 * The thank-you component's named example configs: the demo pages, the docs'
 * live examples and the component tests all take theirs from here, and the
 * shared component suite checks every one of them.
 * One file per example, so a page carries its own example and not the others.
 */
export {standard} from './standard';
export {photography} from './photography';
export {urlParams} from './urlParams';
export {upgradeRecipe} from './upgradeRecipe';
export {testBench} from './testBench';
export {sandbox} from './sandbox';
export {photographyUnsorted} from './photographyUnsorted';
