export {ShareActions} from './ShareActions';
export {
  SHARE_CHANNELS,
  SHARE_MESSAGES,
  shareLink,
  shareOption,
  shareUrlOf,
  type LinkChannel,
  type ShareChannel,
  type ShareConfig,
  type ShareContent,
  type ShareMessages,
  type ShareMethod,
  type ShareOutcome,
} from './share';
