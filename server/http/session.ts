/**
 * The results page's sessions: the admin token, typed once into the page, exchanged for a random id in an HttpOnly
 * cookie, kept only as its SHA-256 (0011_results_sessions.sql) and ended at its expiry or on sign-out; and the one
 * check the staff routes the page reads (`GET /forms`, `GET /results/<form>`) make: the bearer token, or a session.
 */
import type {Database} from '../db';
import {hmacHex, hmacKey} from './hmac';
import {bearsToken, sameToken} from './tokens';

/** How long a session lasts from sign-in: a working day. */
export const SESSION_SECONDS = 8 * 60 * 60;

/**
 * The cookie's name and path. `__Host-` binds it to this host with `Path=/`; under a base path (an endpoint mounted
 * beside other things) it is kept to that path instead, which `__Host-` does not allow, so it is `__Secure-` there.
 * Either way it reaches `GET /forms` as well as the results routes, which the page's script reads.
 */
export type SessionCookie = {name: string; path: string};

export const sessionCookie = (basePath: string): SessionCookie =>
  basePath === '' ? {name: '__Host-coral-results', path: '/'} : {name: '__Secure-coral-results', path: basePath};

const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
const hashOf = async (id: string) => hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(id)));

/** 32 random bytes, base64url: 43 characters. */
function newSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The Set-Cookie header that keeps `value` for `maxAge` seconds (0: at once forgotten). */
export const setCookie = ({name, path}: SessionCookie, value: string, maxAge: number): string =>
  `${name}=${value}; Max-Age=${maxAge}; Path=${path}; HttpOnly; Secure; SameSite=Strict`;

/** The session id the request's cookie carries, when it is one's shape. */
function cookieId(request: Request, {name}: SessionCookie): string | null {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === name && value !== undefined && SESSION_ID.test(value)) return value;
  }
  return null;
}

/** How long a browser that signed in is known to the sign-in's limit: half a year. */
export const DEVICE_SECONDS = 183 * 24 * 60 * 60;

/** The cookie that marks a browser in which the admin token was typed right: named and kept as the session's is. */
export const deviceCookie = ({name, path}: SessionCookie): SessionCookie => ({name: `${name}-device`, path});

const DEVICE = /^([A-Za-z0-9_-]{22})\.([0-9a-f]{64})$/;

/** The device's id signed under the admin token: only a browser the token was typed in can have one. */
const deviceSignature = async (id: string, token: string) => hmacHex(await hmacKey(token, 'sign'), `results-device:${id}`);

/** A new device cookie's Set-Cookie header: 16 random bytes and their signature. */
export async function newDevice(cookie: SessionCookie, token: string): Promise<string> {
  const id = newSessionId().slice(0, 22);
  return setCookie(deviceCookie(cookie), `${id}.${await deviceSignature(id, token)}`, DEVICE_SECONDS);
}

/**
 * The id of the device cookie the request carries, when its signature is the admin token's: a browser that has signed
 * in before. Changing the token forgets every device.
 */
export async function knownDevice(request: Request, cookie: SessionCookie, token: string): Promise<string | null> {
  const {name} = deviceCookie(cookie);
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [key, value] = part.trim().split('=', 2);
    const found = key === name && value !== undefined ? DEVICE.exec(value) : null;
    if (found && (await sameToken(found[2]!, await deviceSignature(found[1]!, token)))) return found[1]!;
  }
  return null;
}

/** Starts a session, clearing those long expired: answers its Set-Cookie header. */
export async function startSession(db: Database, cookie: SessionCookie, nowMs: number): Promise<string> {
  const id = newSessionId();
  await db.query('delete from results_sessions where expires_at < to_timestamp($1)', [nowMs / 1000]);
  await db.query('insert into results_sessions (id_hash, created_at, expires_at) values ($1, to_timestamp($2), to_timestamp($3))', [
    await hashOf(id),
    nowMs / 1000,
    nowMs / 1000 + SESSION_SECONDS,
  ]);
  return setCookie(cookie, id, SESSION_SECONDS);
}

/** Whether the request carries a session that has not expired, by the server's clock whatever the cookie's age. */
export async function hasSession(db: Database, cookie: SessionCookie, request: Request, nowMs: number): Promise<boolean> {
  const id = cookieId(request, cookie);
  if (id === null) return false;
  const rows = await db.query('select 1 from results_sessions where id_hash = $1 and expires_at > to_timestamp($2)', [
    await hashOf(id),
    nowMs / 1000,
  ]);
  return rows.length > 0;
}

/** Ends the request's session, if it has one: its row deleted, so the cookie opens nothing even if kept. */
export async function endSession(db: Database, cookie: SessionCookie, request: Request): Promise<void> {
  const id = cookieId(request, cookie);
  if (id !== null) await db.query('delete from results_sessions where id_hash = $1', [await hashOf(id)]);
}

/**
 * Whether a request comes from a page of this endpoint's own origin, as a browser says: `Sec-Fetch-Site`, or where
 * a browser sends none, an `Origin` naming this host. A request with neither is a tool's (`curl`), not a page's.
 */
export function fromOwnPages(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site !== null) return site === 'same-origin' || site === 'none';
  const origin = request.headers.get('origin');
  if (origin === null) return true;
  try {
    return new URL(origin).host === new URL(request.url).host;
  } catch {
    return false;
  }
}

/** What the staff check needs: the admin token (null: the routes are off) and, for sessions, the records and clock. */
export type StaffCheck = {db: Database; token: string; cookie: SessionCookie; now: () => number};

/**
 * Whether a staff route's request is admitted: the admin token as a bearer header, or the results page's session
 * cookie sent by a page of this endpoint (the cookie is SameSite=Strict; a cross-site read is refused here too).
 */
export async function admitsStaff({db, token, cookie, now}: StaffCheck, request: Request): Promise<boolean> {
  if (await bearsToken(request, token)) return true;
  return fromOwnPages(request) && hasSession(db, cookie, request, now());
}
