/**
 * How a supporter reaches their page: a link asked for by email, and the session it opens.
 *
 * A link's token is an HMAC, under CORAL_GUARD_SECRET, of a random id kept with the email; only the token's SHA-256
 * is kept beside it, so the records alone open nothing, and the message is composed from the id when it goes. A
 * token opens one session, within 30 minutes. A session is a random id in an HttpOnly, SameSite=Strict cookie, kept
 * as its SHA-256, for 8 hours; erasing the supporter ends every link and session for the email.
 */
import type {Database, Queryable} from '../db';
import {hmacHex, hmacKey, type SessionCookie} from '../http';

export const LINK_SECONDS = 30 * 60;
export const SESSION_SECONDS = 8 * 60 * 60;

/** The page's session cookie: `__Host-` at the root, `__Secure-` kept to the base path under one. */
export const supporterCookie = (basePath: string): SessionCookie =>
  basePath === '' ? {name: '__Host-coral-supporter', path: '/'} : {name: '__Secure-coral-supporter', path: basePath};

const TOKEN = /^[0-9a-f]{64}$/;
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
const sha256 = async (text: string) => hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));

/** 32 random bytes, base64url: 43 characters. */
function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The token a link's message carries: the link's id signed under the secret. */
export const tokenOf = async (secret: string, linkId: string): Promise<string> =>
  hmacHex(await hmacKey(secret, 'sign'), `supporter-link:${linkId}`);

/** Whether anything is held for the email: a gift or a signature not erased. */
async function holds(db: Queryable, email: string): Promise<boolean> {
  const [row] = await db.query<{held: boolean}>(
    `select exists (select 1 from gifts where lower(email) = $1 and deidentified_at is null)
       or exists (select 1 from signatures where email = $1 and deidentified_at is null) as held`,
    [email],
  );
  return row?.held ?? false;
}

/**
 * Makes a link for `email` and queues its message, when anything is held for it; otherwise does nothing. Answers
 * nothing either way: whoever asked hears the same whatever the records hold.
 */
export async function queueLink(db: Database, secret: string, email: string, nowSeconds: number): Promise<void> {
  if (!(await holds(db, email))) return;
  const id = randomId();
  const tokenHash = await sha256(await tokenOf(secret, id));
  await db.transaction(async (tx) => {
    // Links long over are cleared as new ones are made, so the table holds only recent ones.
    await tx.query('delete from supporter_links where expires_at < to_timestamp($1)', [nowSeconds - LINK_SECONDS]);
    await tx.query(
      `insert into supporter_links (id, token_hash, email, created_at, expires_at) values ($1, $2, $3, to_timestamp($4), to_timestamp($5))`,
      [id, tokenHash, email, nowSeconds, nowSeconds + LINK_SECONDS],
    );
    await tx.query(
      "insert into mail (key, kind, link, next_attempt_at, created_at) values ($1, 'link', $2, to_timestamp($3), to_timestamp($3))",
      [`link:${id}`, id, nowSeconds],
    );
  });
}

/** A link's message as it goes: the email and the token, or null once it was used, ran out or was erased. */
export async function linkToSend(db: Queryable, secret: string, id: string, nowSeconds: number) {
  const [link] = await db.query<{email: string | null}>(
    'select email from supporter_links where id = $1 and used_at is null and expires_at > to_timestamp($2)',
    [id, nowSeconds],
  );
  return link?.email ? {email: link.email, token: await tokenOf(secret, id)} : null;
}

/** The Set-Cookie header that keeps `value` for `maxAge` seconds (0: forgotten at once). */
export const setCookie = ({name, path}: SessionCookie, value: string, maxAge: number): string =>
  `${name}=${value}; Max-Age=${maxAge}; Path=${path}; HttpOnly; Secure; SameSite=Strict`;

/**
 * Spends a link's token: answers the Set-Cookie of the session it opens, or null for a token that is no link's, was
 * used, or ran out. One statement marks it used, so two requests with one token open one session.
 */
export async function openSession(db: Database, cookie: SessionCookie, token: string, nowSeconds: number): Promise<string | null> {
  if (!TOKEN.test(token)) return null;
  const tokenHash = await sha256(token);
  const id = randomId();
  const opened = await db.transaction(async (tx) => {
    const [link] = await tx.query<{email: string}>(
      `with found as (
         select id, email from supporter_links
         where token_hash = $1 and used_at is null and email is not null and expires_at > to_timestamp($2) for update
       )
       update supporter_links set used_at = to_timestamp($2), email = null from found
       where supporter_links.id = found.id and supporter_links.used_at is null returning found.email`,
      [tokenHash, nowSeconds],
    );
    if (!link?.email) return false;
    await tx.query('delete from supporter_sessions where expires_at < to_timestamp($1)', [nowSeconds]);
    await tx.query(
      'insert into supporter_sessions (id_hash, email, created_at, expires_at) values ($1, $2, to_timestamp($3), to_timestamp($4))',
      [await sha256(id), link.email, nowSeconds, nowSeconds + SESSION_SECONDS],
    );
    return true;
  });
  return opened ? setCookie(cookie, id, SESSION_SECONDS) : null;
}

/** The session id the request's cookie carries, when it is one's shape. */
function cookieId(request: Request, {name}: SessionCookie): string | null {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === name && value !== undefined && SESSION_ID.test(value)) return value;
  }
  return null;
}

/** The email of the request's session, while it lasts by the server's clock; null without one. */
export async function sessionEmail(db: Queryable, cookie: SessionCookie, request: Request, nowSeconds: number): Promise<string | null> {
  const id = cookieId(request, cookie);
  if (id === null) return null;
  const [row] = await db.query<{email: string}>(
    'select email from supporter_sessions where id_hash = $1 and expires_at > to_timestamp($2)',
    [await sha256(id), nowSeconds],
  );
  return row?.email ?? null;
}

/** Ends the request's session, if it has one. */
export async function endSession(db: Queryable, cookie: SessionCookie, request: Request): Promise<void> {
  const id = cookieId(request, cookie);
  if (id !== null) await db.query('delete from supporter_sessions where id_hash = $1', [await sha256(id)]);
}

/** Moves the request's session to a corrected email, so the page goes on showing the same supporter. */
export async function moveSessions(db: Queryable, from: string, to: string): Promise<void> {
  await db.query('update supporter_sessions set email = $2 where email = $1', [from, to]);
}

/** Every link and session for an email, ended: the supporter was erased. Answers how many. */
export async function endEverything(db: Queryable, email: string): Promise<number> {
  const links = await db.query('delete from supporter_links where email = $1 returning 1', [email]);
  const sessions = await db.query('delete from supporter_sessions where email = $1 returning 1', [email]);
  return links.length + sessions.length;
}
