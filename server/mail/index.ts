/** Mail to supporters: the queue's sender and the organisation's relay. */
export {createMailer, type Compose, type Mailer, type MailMessage, type MailTransport, mailPause, type QueuedMail} from './mailer';
export {makeTransport, readRelay, relayName, relayProblems, type RelaySettings} from './relay';
