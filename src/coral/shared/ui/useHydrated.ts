import {useEffect, useState} from 'react';

/**
 * False on the server and in the render that hydrates its markup, true after:
 * what only the browser knows (navigator.share) can then show without a
 * hydration mismatch.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
