/**
 * What every form machine shares, with no view: the outbox of notices, a
 * send's progress, locking while sending, an edit after a failure, touched
 * fields, the idempotency key kept for a repeated payload, and message
 * overrides. Each component's machine builds its own rules on these.
 */

/** Notices a machine has for the page, numbered so the view sends each once. */
export type Outbox<N> = {outbox: readonly {seq: number; notice: N}[]; seq: number};

/** The notice type a state's outbox holds. */
type NoticeOf<S> = S extends Outbox<infer N> ? N : never;

export const emptyOutbox = <N>(): Outbox<N> => ({outbox: [], seq: 0});

/** Adds notices to the outbox; the view drains it after each render, so a short tail is all it ever needs. */
export function notify<S extends Outbox<unknown>>(state: S, ...notices: NoticeOf<S>[]): S {
  let seq = state.seq;
  const added = notices.map((notice) => ({seq: (seq += 1), notice}));
  return {...state, seq, outbox: [...state.outbox, ...added].slice(-20)};
}

/** `notify` for one machine's state, so an inline state object is checked against that state's type. */
export const notifier =
  <S extends Outbox<unknown>>() =>
  (state: S, ...notices: NoticeOf<S>[]): S =>
    notify(state, ...notices);

/** A send's progress: nothing yet, on its way under a key, failed under that key, leaving for a hosted page, or done. */
export type SendStatus = 'idle' | 'sending' | 'failed' | 'leaving' | 'done';
type Sends = {submission: {status: SendStatus}};

/** While a payload is on its way, or once it is done or handed to a hosted page, the form takes no edits. */
export const locked = (state: Sends): boolean => ['sending', 'leaving', 'done'].includes(state.submission.status);

/** An edit after a failed send starts a fresh attempt: the old message no longer describes the form. */
export const edited = <S extends Sends>(state: S): S =>
  state.submission.status === 'failed' ? ({...state, submission: {status: 'idle'}} as S) : state;

/** Marks a field as visited, so its own problem may show. */
export function touch<F extends string, S extends {touched: Partial<Record<F, true>>}>(state: S, field: F): S {
  return state.touched[field] ? state : {...state, touched: {...state.touched, [field]: true}};
}

/** The last payload sent and its idempotency key. */
export type Sent = {fingerprint: string; key: string} | null;

/**
 * The key to send a payload under: the same payload sent again (after an
 * error) keeps its key, so the service recognises a repeat and never acts twice.
 */
export function keyFor(sent: Sent, payload: unknown, freshKey: string): {key: string; sent: NonNullable<Sent>} {
  const fingerprint = JSON.stringify(payload);
  const key = sent?.fingerprint === fingerprint ? sent.key : freshKey;
  return {key, sent: {fingerprint, key}};
}
