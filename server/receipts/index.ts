/**
 * Receipts and statements: issued as payments are recorded, sequentially numbered, cancelled by a note after a
 * refund, composed as the email and PDF a supporter receives, and the settings that say what they state.
 */
export {composeMail} from './compose';
export type {Issuer, ReceiptDocument, RenderedMail, StatementDocument} from './documents';
export {linkMessage, provideFonts, receiptFile, statementFile} from './files';
export {eraseStatements, type StatementsErased} from './forget';
export {issueFor, issueMonthly} from './issue';
export {localeOf, readReceipt, readStatement} from './read';
export {parseReceiptRules, type ReceiptRules, REGULAR_RECEIPTS, YEAR_STARTS} from './settings';
export {financialYear, queueStatements, type StatementsQueued} from './statements';
export {dateOf, money, paidBy, receiptNumber} from './words';
