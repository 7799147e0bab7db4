/**
 * Reading a request's body as the endpoint's limits allow: as it arrives, never more than the route takes, and never
 * nested deeper than anything walks.
 */
import {rejected, type Reply} from './reply';
import {BODY_LIMITS} from './cardData';
import {controlReason, findControl, UNKEEPABLE} from './controls';

/** A gift's or a signature's JSON is small; anything bigger is neither. */
const MAX_BODY_BYTES = 16 * 1024;

export const TOO_DEEP = 'the body is nested too deeply';

/** Whether JSON text opens more than `limit` arrays or objects inside one another; brackets within strings are text. */
function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
    } else if (char === '[' || char === '{') {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === ']' || char === '}') {
      depth -= 1;
    }
  }
  return false;
}

const TOO_LARGE = rejected('the body is too large', 413);

/** A Stripe event is a few kilobytes; a megabyte is more than any. */
export const MAX_EVENT_BYTES = 1024 * 1024;

/**
 * Reads a body as it arrives, up to `limit` bytes: a bigger one is refused as soon as it passes the limit, without
 * reading the rest, and one the client stopped sending halfway is refused too.
 */
export async function readCapped(request: Request, limit: number): Promise<{ok: true; bytes: Uint8Array} | {ok: false; answer: Reply}> {
  if (Number(request.headers.get('content-length')) > limit) return {ok: false, answer: TOO_LARGE};
  if (!request.body) return {ok: true, bytes: new Uint8Array()};
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      size += read.value.byteLength;
      if (size > limit) {
        void reader.cancel().catch(() => {});
        return {ok: false, answer: TOO_LARGE};
      }
      chunks.push(read.value);
    }
  } catch {
    return {ok: false, answer: rejected('the body could not be read to its end')};
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return {ok: true, bytes};
}

/** A body of any route holding a NUL or a lone surrogate is refused, naming where: no record could keep it. */
export function screenUnkeepable(value: unknown): Reply | null {
  const found = findControl(value, UNKEEPABLE);
  return found === null ? null : rejected(controlReason(found));
}

/**
 * `limit`: the most bytes the route takes, a gift's or a signature's unless it says more (a form's config). `anyType`:
 * JSON whatever Content-Type says, as a beacon sends it (text/plain, which needs no preflight). `screen`: what the
 * parsed body is refused for before any route reads it; a NUL or a lone surrogate unless the route screens more.
 */
export async function readJson(
  request: Request,
  limit = MAX_BODY_BYTES,
  anyType = false,
  screen: (value: unknown) => Reply | null = screenUnkeepable,
): Promise<{ok: true; value: unknown} | {ok: false; answer: Reply}> {
  if (Number(request.headers.get('content-length')) > limit) return {ok: false, answer: TOO_LARGE};
  if (!anyType && !/^application\/json\b/i.test(request.headers.get('content-type') ?? '')) {
    return {ok: false, answer: rejected('expected a JSON body (Content-Type: application/json)', 415)};
  }
  const read = await readCapped(request, limit);
  if (!read.ok) return read;
  const text = new TextDecoder().decode(read.bytes);
  // Counted in the text, before JSON.parse builds it or anything walks it.
  if (nestsDeeperThan(text, BODY_LIMITS.depth)) return {ok: false, answer: rejected(TOO_DEEP)};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {ok: false, answer: rejected('the body is not valid JSON')};
  }
  const refused = screen(value);
  return refused === null ? {ok: true, value} : {ok: false, answer: refused};
}
