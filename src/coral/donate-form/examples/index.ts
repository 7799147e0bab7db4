/**
 * The donate form's named example configs: the demo pages, the docs' live
 * forms and the component tests all take theirs from here, and the shared
 * component suite checks every one of them. One file per page, so a page
 * carries its own example and not the others.
 */
export {large, largeRecipe} from './large';
export {dailyOneWeek, dailyRecipe} from './daily';
export {campaignOnly} from './campaignOnly';
export {small} from './small';
export {medium} from './medium';
export {wizard} from './wizard';
export {weekly} from './weekly';
export {externalHandles} from './externalHandles';
export {urlParamsRecipe} from './urlParamsRecipe';
export {marlin} from './marlin';
export {daisychainAsk} from './daisychainAsk';
export {testBench} from './testBench';
export {sandbox} from './sandbox';
