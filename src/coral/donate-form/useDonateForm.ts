/**
 * The donate form's behaviour: the machine's state, and every effect it has
 * on the world (sending the gift, telling the page, browser history, the
 * page's handles, the URL, the daisychain). The view reads what this returns
 * and renders it.
 */
import {useEffect, useId, useImperativeHandle, useMemo, useReducer, useRef, type Ref, type RefObject} from 'react';
import {useBlurAfterPress, useGateway, useOutbox, useSend, useUrlPrefill, type Announcer} from '../shared/form';
import {useMobileCheck, parseUrlParams, usePaymentChecks} from '../shared/fields';
import type {Gateway} from '../shared/gateways';
import type {PublishedSend} from '../contract';
import {dollars, formatMoney, type Cents} from '../shared/money';
import {newBotCheckSlot, withBotCheck} from './botCheck';
import type {DonateFormContextValue} from './context';
import {countriesOf, entryOf, primaryAction, shownProblems, totalOf} from './derive';
import {useExternalHandles, useGiftHandoff, useHostedPage, useSignerHandoff, useWizardHistory} from './effects';
import {dataLayerFor, eventFor} from './events';
import {reduce} from './machine';
import type {DonateFormConfig, Frequency} from './schema';
import {initialState, messagesFor, stepsFor, STEPS, type Action, type Checks, type DonateState, type Notice} from './state';

export type DonateFormHandle = {
  /** Selects an amount in dollars (and optionally a frequency), as an external handle does. */
  setAmount: (amount: number, frequency?: Frequency) => void;
};

/** Where a processor sends the supporter back to: the thank-you page when there is one, else this page; and this page for "back". */
function pagesFor(config: DonateFormConfig): {returnUrl: string; cancelUrl: string} {
  const here = window.location.href;
  return {returnUrl: config.thankYouUrl ? new URL(config.thankYouUrl, here).href : here, cancelUrl: here};
}

/** Now, as the machine records a gift's date. */
export const today = (): string => new Date().toISOString();

export function useDonateForm({
  config,
  id,
  gateway: override,
  headingLevel = 2,
  handleRef,
  published,
}: {
  config: DonateFormConfig;
  id?: string | undefined;
  gateway?: Gateway | undefined;
  headingLevel?: 2 | 3 | 4 | undefined;
  handleRef: Ref<DonateFormHandle>;
  /** The published form the config came from and the page's utm values, which each gift carries. */
  published?: PublishedSend | undefined;
}): DonateFormContextValue & {root: RefObject<HTMLFormElement | null>} {
  const uid = useId();
  const messages = useMemo(() => messagesFor(config), [config]);
  const [state, dispatchNow] = useReducer(
    (s: DonateState, a: Action) => reduce(config, s, a),
    config,
    (c) => initialState(c),
  );
  const phoneShown = config.fields.phone !== 'hidden';
  const [mobile, loadMobile, onFieldUse] = useMobileCheck(countriesOf(config), state.country, config.locale, messages);
  const testFields = entryOf(config) === 'test-fields';
  const paymentChecks = usePaymentChecks(testFields);
  const payment = paymentChecks.checks;
  const root = useRef<HTMLFormElement>(null);
  const dispatch = useBlurAfterPress(root, dispatchNow);
  const opened = useRef(false);
  useEffect(() => {
    opened.current = true;
  }, []);
  const gateway = useGateway(config.gateway, override);
  const botCheck = useMemo(() => (config.botCheck ? newBotCheckSlot() : null), [config.botCheck]);

  useImperativeHandle(handleRef, () => ({
    setAmount(amount, frequency) {
      dispatch({type: 'set-amount', amount: dollars(amount), frequency, source: 'api', asked: `setAmount(${amount})`});
    },
  }));

  const steps = stepsFor(config);
  const total = totalOf(config, state);
  const announcer: Announcer<Notice> = {
    eventFor: (notice) => eventFor(config, notice, steps),
    dataLayerFor: (notice) => dataLayerFor(config, notice, total?.total ?? null, state.frequency),
    analytics: config.analytics,
    warningOf: (notice) => (notice.type === 'warning' ? notice.text : null),
  };
  useOutbox(state, root, announcer);
  useSend(
    state.submission,
    (submission) => (submission.status === 'sending' ? {payload: submission, key: submission.key} : null),
    async ({intent, test}, {idempotencyKey}) => {
      const checked = withBotCheck(intent, botCheck);
      if ('answer' in checked) return checked.answer;
      try {
        // Undefined for a config given inline, and then left out of the request.
        return await gateway.charge(
          {...checked.send, ...published},
          {idempotencyKey, ...pagesFor(config), ...(test ? {testPayment: test} : {})},
        );
      } finally {
        // A token is good for one gift: the widget fetches the next at once.
        if (checked.send.botCheck !== undefined) botCheck?.reset();
      }
    },
    (key, result) => dispatch({type: 'charged', key, result, date: today()}),
  );
  useWizardHistory(config, state, dispatch, id ?? config.campaign, {mobile, payment});
  useExternalHandles(config, state, root, id, dispatch);
  useUrlPrefill(config.urlParams, phoneShown, loadMobile, (search, check) => {
    const {values, warnings} = parseUrlParams(search, {
      frequencies: config.frequencies,
      steps: STEPS,
      mobile: check,
      country: countriesOf(config)[0]!,
    });
    const action: Action = {type: 'prefill', values, checks: {now: new Date(), mobile: check, payment}};
    return {warnings, apply: () => dispatch(action)};
  });
  useSignerHandoff(config, state, dispatch);
  useGiftHandoff(config, state);
  useHostedPage(config, state);

  return {
    config,
    state,
    dispatch,
    messages,
    shown: shownProblems(config, state, {now: new Date(), mobile, payment}),
    fieldId: (name) => `${id ?? uid}-${name}`,
    money: (cents: Cents) => formatMoney(cents, config),
    SubHeading: `h${headingLevel + 1}` as 'h3',
    gateway,
    botCheck,
    opened,
    // Checks that need the phone metadata wait for it, so a step change or a submit never skips the mobile check. A
    // submit waits for the sandbox's card checks too (opening the form or a step before payment needs none of them);
    // when they cannot load, the payment is held back with a message.
    checksReady: async (): Promise<Checks> => {
      const [mobileCheck, paymentCheck] = await Promise.all([
        phoneShown && state.values.phone.trim() !== '' ? loadMobile() : mobile,
        testFields && primaryAction(config, state) === 'submit' ? paymentChecks.load() : payment,
      ]);
      return {now: new Date(), mobile: mobileCheck, payment: paymentCheck};
    },
    onFieldUse,
    paymentChecks,
    root,
  };
}
