/** The pieces of view every component shares: inputs, the error summary, the load-failed box, parts loaded on demand, the manage-gift line, a submit button's words while sending, the light room, the room kept while loading, the look. */
export {ErrorSummary} from './ErrorSummary';
export {LoadFailedBox} from './LoadFailedBox';
export {SendingLabel} from './SendingLabel';
export {Checkbox, TextField} from './TextField';
export {CountryField} from './CountryField';
export {lazyPart, type WaitingProps} from './lazyPart';
export {type LightRoom, LightRoomContext} from './lightRoom';
export {LOADING_ROOM, LoadingRoom} from './loadingRoom';
export {useHydrated} from './useHydrated';
export {useLook} from './useLook';
export {usePageTitle} from './usePageTitle';
export {manageGiftLine} from './ManageGift';
