import {useCallback, useEffect, useState} from 'react';
import type {Check} from '../result';

export type MobileCheck = (value: string) => Check<string>;

/**
 * The mobile check, loaded on demand: the phone metadata is large, so it loads
 * only when a form shows a phone field (`needed`) or asks for it with `load`,
 * e.g. to read a phone number from the URL or before a submit.
 */
export function useMobileCheck(needed: boolean): [MobileCheck | null, () => Promise<MobileCheck>] {
  const [check, setCheck] = useState<MobileCheck | null>(null);
  const load = useCallback(
    () =>
      import('../phone').then(({normaliseMobile}) => {
        const fn: MobileCheck = (value) => normaliseMobile(value);
        setCheck(() => fn);
        return fn;
      }),
    [],
  );
  useEffect(() => {
    if (needed) void load();
  }, [needed, load]);
  return [check, load];
}
