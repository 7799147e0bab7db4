import {useCallback, useEffect, useState} from 'react';
import type {MOBILE_MESSAGES, Messages} from '../checkMessages';
import type {Check} from '../result';
import type {MobileCountry} from '../phone';

/** Numbers written without a country code are read as New Zealand ones on an en-NZ form, else as Australian. */
export const mobileCountryOf = (locale: string): MobileCountry => (/-NZ$/i.test(locale) ? 'NZ' : 'AU');

export type MobileCheck = (value: string) => Check<string>;

/**
 * The mobile check, loaded on demand: the phone metadata is large, so it loads
 * only when a form shows a phone field (`needed`) or asks for it with `load`,
 * e.g. to read a phone number from the URL or before a submit. It speaks in
 * the form's own messages.
 */
export function useMobileCheck(
  needed: boolean,
  locale: string,
  messages: Messages<typeof MOBILE_MESSAGES>,
): [MobileCheck | null, () => Promise<MobileCheck>] {
  const [check, setCheck] = useState<MobileCheck | null>(null);
  const country = mobileCountryOf(locale);
  const load = useCallback(
    () =>
      import('../phone').then(({normaliseMobile}) => {
        const fn: MobileCheck = (value) => normaliseMobile(value, country, messages);
        setCheck(() => fn);
        return fn;
      }),
    [country, messages],
  );
  useEffect(() => {
    if (needed) void load();
  }, [needed, load]);
  return [check, load];
}
