/** The React side of the plumbing every Coral form shares: config, its error box and keying, the gateway, sending, notices, URL prefill. */
export {ConfigProblems, configured, type ConfigSource, type ViewProps} from './configured';
export {announce, useGateway, useOutbox, useSend, useUrlPrefill, type Announcer} from './effects';
export {useBlurAfterPress} from './useBlurAfterPress';
