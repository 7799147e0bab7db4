/** Sharing after a gift or a signature: the `share` option, the channels' links and words (the share actions themselves are in ui/). */
export {SHARE_CHANNELS, SHARE_MESSAGES, type ShareChannel, type ShareMethod, shareOption, type ShareOutcome} from './share';
export {type LinkChannel, type ShareConfig, type ShareContent, shareLink, type ShareMessages, shareUrlOf} from './share';
