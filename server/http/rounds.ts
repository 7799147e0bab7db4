/**
 * Work the endpoint does in rounds beside its requests (the CRM's forwarding, the mail): one round at a time,
 * whoever asks, and rounds every so often once started, the next at once after a full one.
 */

export type Rounds<T> = {
  /** One round; a round already running is the answer to a second call, so two never run at once. */
  runOnce(): Promise<T>;
  /** Runs rounds every `intervalMs`; the function it answers stops them, waiting for a round in flight. */
  start(intervalMs?: number): () => Promise<void>;
};

export function inRounds<T>(
  round: () => Promise<T>,
  {full, failed}: {full: (result: T) => boolean; failed: (error: unknown) => void},
): Rounds<T> {
  let inFlight: Promise<T> | null = null;
  const runOnce = (): Promise<T> =>
    (inFlight ??= round().finally(() => {
      inFlight = null;
    }));

  function start(intervalMs = 5000): () => Promise<void> {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let current: Promise<unknown> = Promise.resolve();
    const schedule = (delay: number) => {
      if (stopped) return;
      timer = setTimeout(tick, delay);
      // Node: a pending round never keeps the process alive on its own.
      (timer as {unref?: () => void}).unref?.();
    };
    const tick = () => {
      current = runOnce().then(
        (result) => schedule(full(result) ? 0 : intervalMs),
        (error: unknown) => {
          failed(error);
          schedule(intervalMs);
        },
      );
    };
    schedule(0);
    return async () => {
      stopped = true;
      clearTimeout(timer);
      await current;
    };
  }

  return {runOnce, start};
}
