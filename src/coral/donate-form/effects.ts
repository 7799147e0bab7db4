/**
 * The donate form's own effects, beside the plumbing every form shares: the
 * wizard's steps in browser history, the page's external dollar handles, the
 * daisychain's signer on page 2, and the gift handed to a thank-you page.
 */
import {useCallback, useEffect, useLayoutEffect, useRef} from 'react';
import {parseAmount} from '../shared/money';
import {amountOf} from './derive';
import {initialFrequency} from './rules';
import type {DonateFormConfig, Frequency} from './schema';
import type {Action, Checks, DonateState, Step} from './state';

/**
 * The hand-off's code, fetched when it is first needed: on daisychain page 2
 * as the form mounts, and elsewhere once a gift is made for a thank-you page.
 * Most forms never need it, and a first view never does.
 */
const daisychain = () => import('../daisychain');

type HistoryState = {coral?: Record<string, Step>} & Record<string, unknown>;

/** The wizard's steps are browser history entries, so the back button moves between them. */
export function useWizardHistory(
  config: DonateFormConfig,
  state: DonateState,
  dispatch: (action: Action) => void,
  formKey: string,
  loaded: Omit<Checks, 'now'>,
) {
  const recorded = useRef<Step | null>(null);
  const wizard = config.layout === 'wizard';
  const loadedRef = useRef(loaded);
  useEffect(() => {
    loadedRef.current = loaded;
  }, [loaded]);
  useEffect(() => {
    if (!wizard) return;
    const onPop = (event: PopStateEvent) => {
      const step = (event.state as HistoryState | null)?.coral?.[formKey] ?? 'amount';
      recorded.current = step;
      dispatch({type: 'go', step, checks: {now: new Date(), ...loadedRef.current}});
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [wizard, formKey, dispatch]);
  // Recorded as the step renders, so a quick press of the browser's back button always finds the entry.
  useLayoutEffect(() => {
    if (!wizard) return;
    const current = (window.history.state ?? {}) as HistoryState;
    const next: HistoryState = {...current, coral: {...current.coral, [formKey]: state.step}};
    if (recorded.current === null) window.history.replaceState(next, '');
    else if (recorded.current !== state.step) window.history.pushState(next, '');
    recorded.current = state.step;
  }, [wizard, formKey, state.step]);
}

/**
 * Elements marked `data-coral-amount` anywhere on the page select that amount
 * at their `data-coral-frequency` (without one, the form's default frequency,
 * so a plain "$30" means the same whatever was clicked before), bring the form
 * into view and show which is chosen: `aria-pressed` on a button, and
 * `aria-current` on a link, which may not be pressed. `data-coral-target`
 * names one form by id.
 */
export function useExternalHandles(
  config: DonateFormConfig,
  state: DonateState,
  root: {current: HTMLElement | null},
  id: string | undefined,
  dispatch: (action: Action) => void,
) {
  const enabled = config.externalHandles;
  const ours = useCallback(
    (element: Element) => {
      const target = element.getAttribute('data-coral-target');
      return target === null || target === '' || target === id || target === `#${id}`;
    },
    [id],
  );
  useEffect(() => {
    if (!enabled) return;
    const onClick = (event: MouseEvent) => {
      const handle = (event.target as Element | null)?.closest?.('[data-coral-amount]');
      if (!handle || !ours(handle)) return;
      const amount = parseAmount(handle.getAttribute('data-coral-amount') ?? '');
      if (!amount.ok) {
        console.warn(`Coral: ignored data-coral-amount="${handle.getAttribute('data-coral-amount')}": ${amount.reason}`);
        return;
      }
      event.preventDefault();
      const frequency = (handle.getAttribute('data-coral-frequency') as Frequency | null) ?? initialFrequency(config);
      const asked = `data-coral-amount="${handle.getAttribute('data-coral-amount')}"`;
      dispatch({type: 'set-amount', amount: amount.value, frequency, source: 'external', asked});
      const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
      root.current?.scrollIntoView({behavior: still ? 'auto' : 'smooth', block: 'start'});
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [enabled, ours, dispatch, root, config]);

  const chosen = amountOf(config, state);
  const selected = chosen.ok ? chosen.value : null;
  useEffect(() => {
    if (!enabled) return;
    for (const handle of document.querySelectorAll('[data-coral-amount]')) {
      if (!ours(handle)) continue;
      const amount = parseAmount(handle.getAttribute('data-coral-amount') ?? '');
      const frequency = handle.getAttribute('data-coral-frequency') ?? initialFrequency(config);
      const chosen = selected !== null && amount.ok && amount.value === selected && frequency === state.frequency;
      if (handle.localName === 'a') {
        if (chosen) handle.setAttribute('aria-current', 'true');
        else handle.removeAttribute('aria-current');
      } else {
        handle.setAttribute('aria-pressed', String(chosen));
      }
    }
  }, [enabled, ours, selected, state.frequency, config]);
}

/**
 * Daisychain page 2: reads the signer a powerform handed over, once, after the
 * first render (storage is not there on the server), and forgets them once
 * their gift is made.
 */
export function useSignerHandoff(config: DonateFormConfig, state: DonateState, dispatch: (action: Action) => void) {
  useEffect(() => {
    if (!config.handoff) return;
    let live = true;
    daisychain().then(
      ({readSupporterHandoff, sessionStore}) => {
        if (live) dispatch({type: 'handoff', result: readSupporterHandoff(sessionStore())});
      },
      // Without the hand-off's code nothing can be read: the form asks as it would with nothing handed over.
      () => {
        if (live) dispatch({type: 'handoff', result: {ok: false, reason: 'unavailable'}});
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per mount
  }, []);
  const done = state.submission.status === 'done';
  useEffect(() => {
    if (done && config.handoff) void daisychain().then(({clearSupporterHandoff, sessionStore}) => clearSupporterHandoff(sessionStore()));
  }, [done, config.handoff]);
}

type Handed = Extract<DonateState['submission'], {status: 'done' | 'leaving'}>;

/**
 * The gift's summary for the thank-you page, through session storage: it
 * greets the supporter by name from it. Settles either way: without the
 * hand-off's code the thank-you page still thanks them, from its address.
 */
async function handOver(config: DonateFormConfig, submission: Handed): Promise<void> {
  const {intent, reference, total, date} = submission;
  try {
    const {sessionStore, writeGiftHandoff} = await daisychain();
    writeGiftHandoff(sessionStore(), {
      ...(submission.status === 'done' && submission.oneTap ? {oneTap: submission.oneTap} : {}),
      ...(intent.supporter.firstName ? {firstName: intent.supporter.firstName} : {}),
      amount: total.amount,
      currency: config.currency,
      frequency: intent.frequency,
      reference,
      date,
      campaign: config.campaign,
    });
  } catch {
    // The code did not arrive: the supporter goes on all the same.
  }
}

/**
 * A gift answered with a hosted payment page: the thank-you page gets its
 * summary, as after any gift, and the supporter goes to the page. The
 * processor brings them back to the thank-you page (or this one).
 */
export function useHostedPage(config: DonateFormConfig, state: DonateState) {
  const {submission} = state;
  useEffect(() => {
    if (submission.status !== 'leaving') return;
    const leave = () => window.location.assign(submission.url);
    if (config.thankYouUrl) void handOver(config, submission).then(leave);
    else leave();
  }, [submission, config]);
}

/**
 * After a gift, hands over to the thank-you page when one is configured: the
 * summary (with the first name) through session storage, and only
 * non-personal values in its URL.
 */
export function useGiftHandoff(config: DonateFormConfig, state: DonateState) {
  const {submission} = state;
  useEffect(() => {
    if (submission.status !== 'done' || !config.thankYouUrl) return;
    const url = new URL(config.thankYouUrl, window.location.href);
    url.searchParams.set('amount', String(submission.total.amount / 100));
    url.searchParams.set('frequency', submission.intent.frequency);
    url.searchParams.set('ref', submission.reference);
    void handOver(config, submission).then(() => window.location.assign(url.toString()));
  }, [submission, config]);
}
