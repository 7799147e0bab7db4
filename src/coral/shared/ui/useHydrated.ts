import {useEffect, useReducer} from 'react';

/**
 * False on the server and in the render that hydrates its markup, true after:
 * what only the browser knows (navigator.share) can then show without a
 * hydration mismatch. The effect marks the one render after hydration.
 */
export function useHydrated(): boolean {
  const [hydrated, markHydrated] = useReducer(() => true, false);
  useEffect(markHydrated, [markHydrated]);
  return hydrated;
}
