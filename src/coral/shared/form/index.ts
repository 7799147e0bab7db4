/** The plumbing every Coral form shares: config and keying, gateway, sending, notices, URL prefill. */
export {configured, type ViewProps} from './configured';
export {announce, useGateway, useOutbox, useSend, useUrlPrefill, type Announcer, type GatewayConfig} from './effects';
export {edited, emptyOutbox, keyFor, locked, notifier, notify, touch, withOverrides, type Outbox, type Sent} from './machine';
export {useBlurAfterPress} from './useBlurAfterPress';
export {mobileCountryOf, useMobileCheck, type FieldUse, type MobileCheck} from '../fields/useMobileCheck';
export {useHydrated} from '../ui/useHydrated';
