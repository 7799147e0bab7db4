/** The bearer tokens that open the endpoint's staff routes (GET /export, the /supporters/ routes, the forms' and results' routes). */

const encoder = new TextEncoder();

// Whether `given` is `expected`. Both sides hashed first, so the comparison takes the same time whatever the length or the first wrong character of a guess.
// (Web Crypto rather than node:crypto, so the handler runs on Workers too.)
export async function sameToken(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all(
    [given, expected].map(async (text) => new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)))),
  );
  let difference = 0;
  for (let i = 0; i < a!.length; i += 1) difference |= a![i]! ^ b![i]!;
  return difference === 0;
}

const BEARER = /^Bearer +(\S+) *$/i;

/** Whether the request's Authorization header carries `Bearer <token>`. */
export const bearsToken = (request: Request, token: string): Promise<boolean> =>
  sameToken(BEARER.exec(request.headers.get('authorization') ?? '')?.[1] ?? '', token);
