/**
 * HTTP/1.1 spoken over a bare socket, for the hostile-input tests: the body sent with its length declared (truly or
 * not) or chunked in pieces of any size, cut off halfway, with headers a fetch would refuse to send; the answer read
 * whole, or noted as never given.
 */
import {connect, type Socket} from 'node:net';

export type Transfer =
  /** `Content-Length`, the body's own unless `declared` says otherwise. */
  | {kind: 'length'; declared?: number}
  /** `Transfer-Encoding: chunked`, in chunks of `chunk` bytes. */
  | {kind: 'chunked'; chunk: number};

export type RawRequest = {
  method: string;
  /** The request target as written on the wire: a path and its query, already encoded. */
  target: string;
  headers: ReadonlyArray<readonly [string, string]>;
  body?: Uint8Array;
  transfer?: Transfer;
  /** Stop after this many bytes of the body: `end` says the client is done sending, `destroy` drops the connection. */
  cut?: {after: number; how: 'end' | 'destroy'};
};

export type RawAnswer = {
  /** Null when no answer came: the connection was dropped (by the client, or the server) or the time ran out. */
  status: number | null;
  headers: Record<string, string>;
  body: string;
  ms: number;
  timedOut: boolean;
};

const CRLF = '\r\n';
const encoder = new TextEncoder();

/** The answer's status, headers and body (a chunked one joined), from the bytes the server sent. */
export function parseAnswer(bytes: Buffer): Omit<RawAnswer, 'ms' | 'timedOut'> {
  // An interim answer (100 Continue, to `Expect: 100-continue`) comes before the answer itself.
  while (/^HTTP\/1\.[01] 1\d\d /.test(bytes.subarray(0, 16).toString('latin1')) && bytes.includes('\r\n\r\n')) {
    bytes = bytes.subarray(bytes.indexOf('\r\n\r\n') + 4);
  }
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return {status: null, headers: {}, body: ''};
  const [statusLine = '', ...lines] = bytes.subarray(0, end).toString('latin1').split(CRLF);
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = bytes.subarray(end + 4);
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
    const pieces: Buffer[] = [];
    for (let at = 0; at < body.length;) {
      const lineEnd = body.indexOf(CRLF, at);
      const size = lineEnd < 0 ? 0 : parseInt(body.subarray(at, lineEnd).toString('latin1'), 16);
      if (!(size > 0)) break;
      pieces.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
    body = Buffer.concat(pieces);
  }
  return {status: status ? Number(status[1]) : null, headers, body: body.toString('utf8')};
}

/** The request's head: its line, its headers, the framing its transfer calls for, and `Connection: close`. */
function headOf(request: RawRequest, bodyLength: number): string {
  const lines = [`${request.method} ${request.target} HTTP/1.1`, ...request.headers.map(([name, value]) => `${name}: ${value}`)];
  const transfer = request.transfer ?? {kind: 'length'};
  if (request.body !== undefined || request.transfer) {
    lines.push(transfer.kind === 'chunked' ? 'Transfer-Encoding: chunked' : `Content-Length: ${transfer.declared ?? bodyLength}`);
  }
  lines.push('Connection: close');
  return `${lines.join(CRLF)}${CRLF}${CRLF}`;
}

/** The body's bytes as they go on the wire, piece by piece: chunk framing included, and the last chunk unless cut. */
function* piecesOf(request: RawRequest): Generator<Uint8Array> {
  const body = request.body ?? new Uint8Array();
  const sent = request.cut ? body.subarray(0, request.cut.after) : body;
  const transfer = request.transfer ?? {kind: 'length'};
  const size = transfer.kind === 'chunked' ? Math.max(1, transfer.chunk) : 64 * 1024;
  for (let at = 0; at < sent.length; at += size) {
    const piece = sent.subarray(at, at + size);
    if (transfer.kind === 'chunked') {
      yield Buffer.concat([encoder.encode(`${piece.length.toString(16)}${CRLF}`), piece, encoder.encode(CRLF)]);
    } else {
      yield piece;
    }
  }
  if (transfer.kind === 'chunked' && !request.cut && request.body !== undefined) yield encoder.encode(`0${CRLF}${CRLF}`);
}

/** Writes, waiting for the socket to drain; false once the socket can take no more. */
const write = (socket: Socket, bytes: Uint8Array): Promise<boolean> =>
  new Promise((done) => {
    if (socket.destroyed || !socket.writable) return done(false);
    if (socket.write(bytes)) return done(true);
    const settle = (ok: boolean) => {
      socket.off('drain', drained);
      socket.off('close', closed);
      done(ok);
    };
    const drained = () => settle(true);
    const closed = () => settle(false);
    socket.once('drain', drained);
    socket.once('close', closed);
  });

/**
 * Sends `request` to 127.0.0.1:`port` and reads the answer until the server closes the connection. The body stops
 * once the server has begun to answer (it read no more of it), as a client that reads while it sends would.
 */
export function sendRaw(port: number, request: RawRequest, {timeoutMs = 10_000} = {}): Promise<RawAnswer> {
  const started = performance.now();
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let timedOut = false;
    let answered = false;
    const timer = setTimeout(() => {
      timedOut = true;
      socket.destroy();
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      answered = true;
      received.push(chunk);
    });
    // A reset while the body was still going is what a server that stopped reading may send: the answer, if any, is kept.
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      const parsed = parseAnswer(Buffer.concat(received));
      done({...parsed, ms: performance.now() - started, timedOut});
    });
    socket.once('connect', () => {
      void (async () => {
        const body = request.body ?? new Uint8Array();
        if (!(await write(socket, encoder.encode(headOf(request, body.length))))) return;
        for (const piece of piecesOf(request)) {
          if (answered || !(await write(socket, piece))) return;
        }
        if (request.cut?.how === 'destroy') socket.destroy();
        else if (request.cut?.how === 'end') socket.end();
      })();
    });
  });
}
