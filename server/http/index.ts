/**
 * The wire every route reads and answers with: the JSON body, read and screened for card data and for text Postgres
 * cannot keep; the reply; the client's address; the organisation's bearer tokens and staff's session cookie; HMAC; the
 * log; and the replies for a database or a service that fails.
 */
export {type Address, addressBucket, type AddressRange, clientAddress, parseAddress, parseProxyList} from './address';
export {answerFailures, IDEMPOTENCY_KEY, type PageRequest, pathPattern, type Seconds, UNAVAILABLE} from './answers';
export {MAX_EVENT_BYTES, readCapped, readJson, screenUnkeepable} from './body';
export {encoder, hmacHex, hmacKey, toHex} from './hmac';
export {escapeHtml} from './html';
export {inRounds, type Rounds} from './rounds';
export {consoleLogger, type Logger, memoryLogger} from './log';
export {logLine, rejected, type Reply, respond} from './reply';
export {type MACHINE_FIELDS, type PostedRoute, screenBody} from './screen';
export {
  admitsStaff,
  endSession,
  fromOwnPages,
  hasSession,
  knownDevice,
  newDevice,
  sessionCookie,
  type SessionCookie,
  setCookie,
  startSession,
} from './session';
export {bearsToken, sameToken} from './tokens';
