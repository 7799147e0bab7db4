import {useSyncExternalStore} from 'react';

const never = () => () => {};

/**
 * False on the server and in the render that hydrates its markup, true after:
 * what only the browser knows (navigator.share) can then show without a
 * hydration mismatch.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
