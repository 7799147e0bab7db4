import {useCallback, useMemo, useRef, useState} from 'react';
import {type MOBILE_MESSAGES, type Messages, refuse, type Check} from '../basics';
import type {Country} from './country';

export type MobileCheck = (value: string) => Check<string>;

/** A focus or input event of the form, wherever in it the event began. */
export type FieldUse = {target: EventTarget | null};

/** The phone field: the form's only input of type `tel`. */
const isPhoneInput = (target: EventTarget | null): boolean =>
  typeof HTMLInputElement !== 'undefined' && target instanceof HTMLInputElement && target.type === 'tel';

/**
 * The mobile check, loaded on demand: the phone metadata is large, and most
 * supporters leave the phone field empty, so it loads only when a phone field
 * is first used (`onUse`, given the form's focus and input events) or when
 * the form asks for it with `load`: to read a phone number from the URL, or
 * before a step change or a submit with a number typed (`load` answers the
 * loaded check at once, and tries again when the last load failed). It takes
 * the mobiles of the form's `countries` (and Australia's and New Zealand's),
 * reads a number in national form as the supporter's country's (`own`), and
 * speaks in the form's own messages.
 */
export function useMobileCheck(
  countries: readonly Country[],
  own: Country,
  locale: string,
  messages: Messages<typeof MOBILE_MESSAGES>,
): [MobileCheck | null, () => Promise<MobileCheck>, (event: FieldUse) => void] {
  const taken = countries.join(' ');
  // The check is kept with what it speaks for, so a change of country or messages is not answered by the old one.
  const speaksFor = useMemo(() => ({taken: taken.split(' '), own, locale, messages}), [taken, own, locale, messages]);
  const [loaded, setLoaded] = useState<{for: typeof speaksFor; check: MobileCheck; failed: boolean} | null>(null);
  // The check that loaded, for `load` to answer at once without a render between.
  const kept = useRef<{for: typeof speaksFor; check: MobileCheck} | null>(null);
  const load = useCallback(async (): Promise<MobileCheck> => {
    if (kept.current?.for === speaksFor) return kept.current.check;
    let phone;
    let taken: Country[];
    try {
      phone = await import('./phone');
      taken = phone.mobileCountries(speaksFor.taken);
      await phone.loadMobiles(taken);
    } catch {
      // Without its code (a dropped connection) the number is held back with a message, never taken unchecked, and
      // the form still answers its give button; the next use of the field, or the next submit, tries the load again.
      const unchecked: MobileCheck = () => refuse(speaksFor.messages.mobileUnchecked);
      setLoaded({for: speaksFor, check: unchecked, failed: true});
      return unchecked;
    }
    const fn: MobileCheck = (value) => phone.normaliseMobile(value, speaksFor.own, speaksFor.messages, taken, speaksFor.locale);
    kept.current = {for: speaksFor, check: fn};
    setLoaded({for: speaksFor, check: fn, failed: false});
    return fn;
  }, [speaksFor]);
  const check = loaded?.for === speaksFor ? loaded.check : null;
  const failed = loaded?.for === speaksFor && loaded.failed;
  const onUse = useCallback(
    (event: FieldUse) => {
      if ((check === null || failed) && isPhoneInput(event.target)) void load();
    },
    [check, failed, load],
  );
  return [check, load, onUse];
}
