/** The React side of the plumbing every Coral form shares: config and keying, the gateway, sending, notices, URL prefill. */
export {configured, type ViewProps} from './configured';
export {announce, useGateway, useOutbox, useSend, useUrlPrefill, type Announcer} from './effects';
export {useBlurAfterPress} from './useBlurAfterPress';
