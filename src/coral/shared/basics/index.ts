/** The small pieces everything builds on: a check's result, filling a message's placeholders, what checks say, coral: DOM events, code fetched on demand. */
export {onDemand} from './onDemand';
export {accept, type Check, refuse} from './result';
export {fill, plural, withOverrides} from './template';
export {AMOUNT_MESSAGES, BANK_MESSAGES, CARD_MESSAGES, EMAIL_MESSAGES, type Messages, MOBILE_MESSAGES} from './checkMessages';
export {emit} from './events';
