/**
 * The powerform's behaviour: the machine's state, and every effect it has on
 * the world (sending the signature, telling the page, the URL, the live count,
 * leaving for the next page). The view reads what this returns and renders it.
 */
import {useId, useMemo, useReducer, useRef, type RefObject} from 'react';
import {announce, useBlurAfterPress, useGateway, useOutbox, type Announcer} from '../shared/form';
import {useMobileCheck, type FieldUse} from '../shared/fields';
import {newIdempotencyKey, type SignupGateway} from '../shared/gateways';
import type {PublishedSend} from '../contract';
import type {PowerformContextValue} from './context';
import {countriesOf, fieldError, requiredOf, shownProblems, visibleFields} from './derive';
import {useLeaving, useLiveCount, usePrefill, useSignature} from './effects';
import {dataLayerFor, eventFor} from './events';
import {reduce} from './machine';
import type {PowerformConfig} from './schema';
import {initialState, messagesFor, type Action, type Checks, type Notice, type PowerformState} from './state';

export type PowerformForm = PowerformContextValue & {
  root: RefObject<HTMLFormElement | null>;
  /** Signs, once the phone's check is ready when a number was typed: a phone number is never sent unchecked. */
  submit: () => Promise<void>;
  /** Given the form's focus and input events: loads the phone's check when the phone field is first used. */
  onFieldUse: (event: FieldUse) => void;
};

export function usePowerform({
  config,
  id,
  gateway: override,
  headingLevel,
  navigate,
  published,
}: {
  config: PowerformConfig;
  id: string | undefined;
  gateway: SignupGateway | undefined;
  headingLevel: 2 | 3 | 4;
  navigate: (url: string) => void;
  /** The published form the config came from and the page's utm values, which the signature carries. */
  published: PublishedSend | undefined;
}): PowerformForm {
  const uid = useId();
  const fieldId = (name: string) => `${id ?? uid}-${name}`;
  const messages = useMemo(() => messagesFor(config), [config]);
  const [state, dispatchNow] = useReducer((s: PowerformState, a: Action) => reduce(config, s, a), config, initialState);
  const phoneShown = visibleFields(config).includes('phone');
  const [mobile, loadMobile, onFieldUse] = useMobileCheck(countriesOf(config), state.country, config.locale, messages);
  const root = useRef<HTMLFormElement>(null);
  const dispatch = useBlurAfterPress(root, dispatchNow);
  const gateway = useGateway(config.gateway, override);
  const announcer: Announcer<Notice> = {
    eventFor: (notice) => eventFor(config, notice),
    dataLayerFor: (notice) => dataLayerFor(config, notice),
    analytics: config.analytics,
  };

  useOutbox(state, root, announcer);
  useSignature(state, gateway, dispatch, published);
  usePrefill(config, phoneShown, loadMobile, dispatch);
  useLiveCount(config, dispatchNow);
  useLeaving(config, state, navigate);

  const shown = shownProblems(config, state, {mobile});
  return {
    config,
    state,
    dispatch,
    messages,
    shown,
    fieldId,
    control: (field) => ({
      id: fieldId(field),
      required: requiredOf(config, field),
      error: field === 'answer' || field === 'consent' ? shown[field] : fieldError(field, state, shown, messages),
    }),
    SubHeading: `h${headingLevel + 1}` as 'h3',
    onShare: (method, outcome) => announce(root.current, announcer, {type: 'share', method, outcome}),
    root,
    submit: async () => {
      const ready: Checks = {mobile: phoneShown && state.values.phone.trim() !== '' ? await loadMobile() : mobile};
      dispatch({type: 'submit', checks: ready, key: newIdempotencyKey()});
    },
    onFieldUse,
  };
}
