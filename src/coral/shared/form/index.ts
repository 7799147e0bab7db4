/** The plumbing every Coral form shares: config and keying, the gateway, sending, notices, URL prefill. */
export {configured, type ViewProps} from './configured';
export {announce, useGateway, useOutbox, useSend, useUrlPrefill, type Announcer} from './effects';
export {edited, emptyOutbox, keyFor, locked, notifier, notify, touch, type Outbox, type Sent} from './machine';
export {useBlurAfterPress} from './useBlurAfterPress';
export {type DataLayerEntry, ecommerce} from './analytics';
