/** The consent a supporter was shown, named by its words' hash, for the record of a gift or a signature. */

/** The consent box's words as a supporter saw them, and their version: the first 16 hex digits of the words' SHA-256. */
export type ConsentShown = {wording: string; version: string};

/** The versions named so far: a campaign's wording is the same on every request, and its hash need not be made again. */
const namedWordings = new Map<string, Promise<ConsentShown>>();
/** More wordings than any list of campaigns has: past it the names are made afresh rather than kept without end. */
const NAMED_WORDINGS_KEPT = 512;

/** Names a wording by its hash, with Web Crypto, so it runs on Node and on Workers alike. */
export function consentShown(wording: string): Promise<ConsentShown> {
  let named = namedWordings.get(wording);
  if (named === undefined) {
    if (namedWordings.size >= NAMED_WORDINGS_KEPT) namedWordings.clear();
    named = crypto.subtle.digest('SHA-256', new TextEncoder().encode(wording)).then((digest) => {
      const hex = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
      return {wording, version: hex.slice(0, 16)};
    });
    namedWordings.set(wording, named);
  }
  return named;
}
