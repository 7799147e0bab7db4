/**
 * The thank-you page's behaviour: the gift it read, the monthly ask's state,
 * and every effect they have on the world (the one-tap monthly gift sent
 * through the shared sender, the page told of what happened, a declined ask
 * remembered). The view reads what this returns and renders it.
 */
import {useId, useMemo, useReducer, useRef} from 'react';
import {announce as announceFrom, useGateway, useSend, type Announcer} from '../shared/form';
import {newIdempotencyKey, type Gateway} from '../shared/gateways';
import type {ShareMethod, ShareOutcome} from '../shared/share';
import {answerable, giftKey, oneTapAsk, upgradeOffer} from './derive';
import {declinedOnThisPage, useGift} from './effects';
import {dataLayerFor, eventFor} from './events';
import {reduce} from './machine';
import type {ThankYouConfig} from './schema';
import {initialState, initialUpgrade, messagesFor, type Notice} from './state';

export function useThankYou(config: ThankYouConfig, id: string | undefined, override: Gateway | undefined) {
  const uid = useId();
  const messages = useMemo(() => messagesFor(config), [config]);
  const root = useRef<HTMLElement>(null);
  const [state, dispatch] = useReducer(reduce, initialState);
  const announcer: Announcer<Notice> = {
    eventFor: (notice) => eventFor(config, notice),
    dataLayerFor: (notice) => dataLayerFor(config, notice),
    analytics: config.analytics,
  };
  const announce = (notice: Notice) => announceFrom(root.current, announcer, notice);

  const gift = useGift(config, (receipt) => {
    const upgrade = initialUpgrade(upgradeOffer(config, receipt), receipt !== null && declinedOnThisPage.has(giftKey(receipt)));
    dispatch({type: 'open', upgrade});
    announce({type: 'view', receipt});
    if (upgrade.status === 'shown') announce({type: 'upsell', action: 'shown', offer: upgrade.offer});
  });

  const gateway = useGateway(config.gateway, override);
  useSend(
    state.pending,
    (pending) => pending,
    // Only a gateway that can start the gift on the kept card is ever sent a one-tap ask.
    (ask, options) => gateway.upgrade!(ask, options),
    (key, result) => dispatch({type: 'charged', key, result}),
  );

  const answer = (type: 'accept' | 'decline' | 'retry') => {
    const {upgrade} = state;
    if (type === 'retry') return dispatch({type});
    if (!answerable(upgrade)) return;
    const receipt = gift?.receipt ?? null;
    if (type === 'accept') dispatch({type, ask: oneTapAsk(config, receipt, gateway), key: newIdempotencyKey()});
    else {
      dispatch({type});
      if (receipt) declinedOnThisPage.add(giftKey(receipt));
    }
    announce({type: 'upsell', action: type === 'accept' ? 'accepted' : 'declined', offer: upgrade.offer});
  };

  return {
    root,
    messages,
    partId: (name: string) => `${id ?? uid}-${name}`,
    gift,
    upgrade: state.upgrade,
    answer,
    gateway,
    onShare: (method: ShareMethod, outcome: ShareOutcome) => announce({type: 'share', method, outcome}),
  };
}
