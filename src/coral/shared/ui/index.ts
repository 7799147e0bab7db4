/** The pieces of view every component shares: inputs, the error summary, error boxes, parts loaded on demand, the manage-gift line, the light room, the look. */
export {ConfigErrorBox} from './ConfigErrorBox';
export {ErrorSummary} from './ErrorSummary';
export {LoadFailedBox} from './LoadFailedBox';
export {Checkbox, TextField} from './TextField';
export {lazyPart, type WaitingProps} from './lazyPart';
export {type LightRoom, LightRoomContext} from './lightRoom';
export {useHydrated} from './useHydrated';
export {useLook} from './useLook';
export {usePageTitle} from './usePageTitle';
export {manageGiftLine} from './ManageGift';
