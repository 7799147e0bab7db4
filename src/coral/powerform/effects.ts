/**
 * The powerform's own effects, built on the plumbing every form shares:
 * sending the signature, filling the form from the URL, reading the counter's
 * live count, and leaving for the next page once the signature is in.
 */
import {useEffect} from 'react';
import {useSend, useUrlPrefill} from '../shared/form';
import {type MobileCheck} from '../shared/fields';
import type {SignupGateway} from '../shared/gateways';
import type {PublishedSend} from '../contract';
import {countriesOf, handoffOf, readPrefill, showsCounter} from './derive';
import {fetchLiveCount, liveCountWarning} from './liveCount';
import type {PowerformConfig} from './schema';
import type {Action, PowerformState} from './state';

/** Sends the signup when the machine says so, under the idempotency key it chose, naming the published form it came from, and hands the answer back. */
export function useSignature(
  state: PowerformState,
  gateway: SignupGateway,
  dispatch: (action: Action) => void,
  published: PublishedSend | undefined,
) {
  useSend(
    state.submission,
    (submission) => (submission.status === 'sending' ? {payload: submission.signup, key: submission.key} : null),
    // Undefined for a config given inline, and then left out of the request.
    (signup, options) => gateway.sign({...signup, ...published}, options),
    (key, result) => dispatch({type: 'answered', key, result}),
  );
}

/** Fills the shown fields and the utm values from the page's URL, when the config asks for it. */
export function usePrefill(
  config: PowerformConfig,
  phoneShown: boolean,
  loadMobile: () => Promise<MobileCheck>,
  dispatch: (action: Action) => void,
) {
  useUrlPrefill(config.urlParams, phoneShown, loadMobile, (search, mobile) => {
    const {values, warnings} = readPrefill(search, mobile, countriesOf(config)[0]!);
    return {warnings, apply: () => dispatch({type: 'prefill', values})};
  });
}

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

/**
 * After a signature with a redirect or daisychain configured, leaves for the
 * next page. A daisychain first hands the signer to it through session
 * storage; the URL never carries their details.
 */
export function useLeaving(config: PowerformConfig, state: PowerformState, navigate: (url: string) => void) {
  const {submission} = state;
  useEffect(() => {
    if (submission.status !== 'done' || config.success.type === 'inline') return;
    const {url} = config.success;
    const handoff = config.success.type === 'daisychain' ? handoffOf(config, submission.signup) : null;
    if (!handoff) {
      navigate(url);
      return;
    }
    // The hand-off's code comes when a signature is in, not with the form; without it the next page simply asks.
    void import('../daisychain')
      .then(({sessionStore, writeSupporterHandoff}) => writeSupporterHandoff(sessionStore(), handoff))
      .catch(() => undefined)
      .then(() => navigate(url));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the signature is recorded
  }, [submission]);
}
