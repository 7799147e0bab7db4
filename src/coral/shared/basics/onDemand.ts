/** Code fetched the first time it is asked for and kept; a load that fails (a dropped connection) is tried afresh on the next ask. */
export function onDemand<T>(load: () => Promise<T>): {get: () => Promise<T>; loaded: () => T | null} {
  let loading: Promise<T> | null = null;
  let value: T | null = null;
  return {
    get: () =>
      (loading ??= load().then(
        (loadedValue) => (value = loadedValue),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      )),
    loaded: () => value,
  };
}
