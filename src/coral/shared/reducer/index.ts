/** The reducers' helpers every component's machine uses: notices, edits after a failure, locking while sending, touched fields, idempotency keys. */
export {edited, emptyOutbox, keyFor, locked, notifier, notify, touch, type Outbox, type Sent} from './machine';
