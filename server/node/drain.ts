/**
 * Stopping Node's HTTP server without resetting a request a client has sent: every request that reached the
 * endpoint is answered, and a new connection is refused, never cut.
 */
import type {Server} from 'node:http';
import {Server as NetServer} from 'node:net';

/** How long to keep taking the connections already waiting, under a stream of new ones, before closing the listener. */
export const ACCEPT_WAITING_MS = 10_000;

/**
 * Resolves at the first turn of the event loop in which no connection was accepted. Node accepts one waiting
 * connection a turn, and a busy turn can be long: a connection the system has completed but Node has not yet
 * accepted, its request already sent, is reset when the listener closes.
 */
function acceptWaiting(server: Server, limitMs: number): Promise<void> {
  return new Promise((done) => {
    const until = Date.now() + limitMs;
    // The turn the signal arrived in may have accepted one before it: it counts as busy, so one whole turn is watched.
    let accepted = true;
    const onConnection = () => (accepted = true);
    server.on('connection', onConnection);
    const turn = () => {
      if (accepted && Date.now() < until) {
        accepted = false;
        setImmediate(turn);
        return;
      }
      server.off('connection', onConnection);
      done();
    };
    setImmediate(turn);
  });
}

/**
 * Closes the listener once no connection is waiting, then calls `closing` (from then on each answer says
 * `Connection: close`) and resolves when every connection has closed. Answers sent before that stay keep-alive, so
 * clients open no new connection that the closing listener would reset.
 *
 * Only the listener is closed: http.Server's own close also drops the idle keep-alive connections, where a client's
 * next request may already be on its way. Each of those closes after its next answer, or at its keep-alive timeout,
 * which clients (Node's, undici, browsers) act on a second before the endpoint does.
 */
export async function closeGently(server: Server, closing: () => void, {acceptWaitingMs = ACCEPT_WAITING_MS} = {}): Promise<void> {
  await acceptWaiting(server, acceptWaitingMs);
  const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
  closing();
  await closed;
}
