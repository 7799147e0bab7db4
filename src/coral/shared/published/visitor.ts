/**
 * The random id a published form's page gives its visitor, so an experiment shows them the same variant each time and
 * their events count once: made from random bytes, never from anything about the person, and kept in the tab's
 * session (`visitor: 'tab'`, the default) or the browser's storage (`'browser'`). No cookie.
 */
import type {VisitorStore} from '../../contract/variants';

/** The one storage key every published form on a site shares, so two forms on a page see one visitor. */
export const VISITOR_KEY = 'coral:visitor';

/** What a stored id must look like to be used again (the endpoint's own rule); anything else is replaced. */
const KEPT = /^[\w-]{16,64}$/;

/** 16 random bytes in hex: `crypto.randomUUID` is missing on a page served over plain http. */
const fresh = (): string => Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => (byte + 256).toString(16).slice(1)).join('');

/** The id for this page's life when storage is missing or refuses (a private window, storage blocked): one for every form on it. */
let forThisPage: string | undefined;

/** This visitor's id, read from the store the form names, or made and kept there. */
export function visitorId(store?: VisitorStore): string {
  try {
    const storage = store === 'browser' ? localStorage : sessionStorage;
    let id = storage.getItem(VISITOR_KEY);
    if (!id || !KEPT.test(id)) storage.setItem(VISITOR_KEY, (id = fresh()));
    return id;
  } catch {
    return (forThisPage ??= fresh());
  }
}
