/**
 * The records: the store's interface and Postgres behind it, the outbox and the records it forwards to a CRM, signed,
 * the CSV export and its route, a supporter's fields by the forms' own rule, and the consent a supporter was shown.
 */
export {consentShown, type ConsentShown} from './consent';
export {answerExport} from './exportRoute';
export {checkSupporterFields, typedValue} from './fields';
export {createForwarder, verifyCoralSignature} from './forward';
export {lockReference, queue} from './outbox';
export {detailsOfRow, giftOfRow, type GiftRow, iso, SUPPORTER_COLUMNS} from './payloads';
export {createPgStore} from './pgStore';
export {
  type GiftOutcome,
  type GiftRecord,
  type GiftAttempt,
  type GiftStore,
  type KeptGift,
  type KeptSignature,
  type MadeCustomer,
  newSignatureReference,
  repeatReference,
  type SignatureKind,
  type SupporterDetails,
  termsOf,
  UPGRADE_LEASE_SECONDS,
} from './store';
