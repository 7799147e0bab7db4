/** The daisychain: what one page hands the next in session storage (a gift for its thanks, a signer for the donate form). */
export {
  clearSupporterHandoff,
  type GiftHandoff,
  type HandoffStorage,
  type ReadFailure,
  readGiftHandoff,
  type ReadResult,
  readSupporterHandoff,
  sessionStore,
  SUPPORTER_KEY,
  type SupporterHandoff,
  writeGiftHandoff,
  writeSupporterHandoff,
} from './handoff';
