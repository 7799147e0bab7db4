import {useEffect} from 'react';
import {fetchLiveCount, liveCountWarning} from './liveCount';
import {showsCounter, type Action} from './machine';
import type {PowerformConfig} from './schema';

/**
 * Reads the counter's live count once, when the counter shows and the config
 * names its endpoint. Until the answer, and instead of a failed one, the
 * counter shows the configured count; a failure is a console warning for the
 * page's developer, never a message to the signer.
 */
export function useLiveCount(config: PowerformConfig, dispatch: (action: Action) => void) {
  const url = showsCounter(config) ? config.counter.url : undefined;
  const {campaign} = config;
  useEffect(() => {
    if (!url) return undefined;
    const cancel = new AbortController();
    void fetchLiveCount(url, campaign, {signal: cancel.signal}).then((answer) => {
      if (cancel.signal.aborted) return;
      if (answer.ok) dispatch({type: 'live-count', count: answer.value});
      else console.warn(liveCountWarning(url, answer.reason));
    });
    return () => cancel.abort();
  }, [url, campaign, dispatch]);
}
