/**
 * The powerform's named example configs: the demo pages, the docs' live
 * forms and the component tests all take theirs from here, and the shared
 * component suite checks every one of them.
 * One file per example, so a page carries its own example and not the others.
 */
export {petition} from './petition';
export {leads} from './leads';
export {pacific} from './pacific';
export {pacificRecipe} from './pacificRecipe';
export {daisychainPetition} from './daisychainPetition';
export {daisychainRecipe} from './daisychainRecipe';
export {docs} from './docs';
export {testBench} from './testBench';
export {sandbox} from './sandbox';
export {sandboxLeads} from './sandboxLeads';
