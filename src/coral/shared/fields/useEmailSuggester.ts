import {useEffect, useState} from 'react';
import {onDemand} from '../basics';

type Suggest = (email: string) => string | null;

const code = onDemand(() => import('./emailSuggestion'));

/**
 * The "did you mean …?" suggester, once its code is here: it is fetched when
 * the field first holds some text, so it is ready by the time the field is
 * left. Until then, and if it cannot load, there is nothing to suggest.
 */
export function useEmailSuggester(email: string): Suggest | null {
  const [suggest, setSuggest] = useState<Suggest | null>(() => code.loaded()?.suggestEmail ?? null);
  const typed = email.trim() !== '';
  useEffect(() => {
    if (!typed || suggest) return;
    let live = true;
    code.get().then(
      ({suggestEmail}) => live && setSuggest(() => suggestEmail),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [typed, suggest]);
  return suggest;
}
