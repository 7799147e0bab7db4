/**
 * The thank-you page's own effects: reading the gift from the donate form's
 * hand-off and the URL once it is in the browser, and remembering the gifts
 * whose monthly ask was declined, for the browser session.
 */
import {useEffect, useState} from 'react';
import {readGiftHandoff, sessionStore, type HandoffStorage} from '../daisychain';
import {parseGiftParams, resolveReceipt} from './derive';
import type {ThankYouConfig} from './schema';
import type {Gift, Receipt} from './state';

/** Where declined asks are kept for the browser session: gift references or amounts, never anything personal. */
export const DECLINED_KEY = 'coral.thankyou.declined';

/**
 * Gifts whose ask was declined, so it is not asked again: not when the
 * component mounts again, and not after a reload, for as long as the browser
 * session keeps `storage`. Storage that is missing, blocked or holds garbage
 * leaves the memory to this page.
 */
export function createDeclinedMemory(storage: () => HandoffStorage | null = () => null) {
  const declined = new Set<string>();
  const stored = (): string[] => {
    try {
      const list: unknown = JSON.parse(storage()?.getItem(DECLINED_KEY) ?? '[]');
      return Array.isArray(list) ? list.filter((key): key is string => typeof key === 'string') : [];
    } catch {
      return [];
    }
  };
  return {
    has: (key: string) => declined.has(key) || stored().includes(key),
    add: (key: string) => {
      declined.add(key);
      try {
        // The last few are plenty: a session sees few gifts.
        storage()?.setItem(DECLINED_KEY, JSON.stringify([...new Set([...stored(), key])].slice(-20)));
      } catch {
        // Storage full or blocked: this page still remembers.
      }
    },
  };
}

/** Gifts whose monthly ask was declined while this page is open: the ask comes once, even if the component mounts again. */
export const declinedOnThisPage = createDeclinedMemory(sessionStore);

/**
 * The gift the page thanks the supporter for, read once after the first
 * render: storage and the URL are not there on the server, so the server's
 * markup and the first render agree. `opened` hears the receipt at once.
 */
export function useGift(config: ThankYouConfig, opened: (receipt: Receipt | null) => void): Gift | null {
  const [gift, setGift] = useState<Gift | null>(null);
  useEffect(() => {
    let params = null;
    if (config.urlParams) {
      const {values, warnings} = parseGiftParams(window.location.search);
      for (const warning of warnings) console.warn(warning);
      params = values;
    }
    const receipt = resolveReceipt(readGiftHandoff(sessionStore()), params, config.currency);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the one read of the browser's state, after hydration
    setGift({receipt, pageHref: window.location.href});
    opened(receipt);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per mount
  }, []);
  return gift;
}
