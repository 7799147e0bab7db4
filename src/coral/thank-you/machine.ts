/** The monthly ask's transitions, pure: shown, answered, and the one-tap gift's answer taken under its key. */
import type {ChargeResult} from '../shared/gateways';
import type {Action, ThankYouState, UpgradeAction, UpgradeOffer, UpgradeState} from './state';

/** What the one-tap monthly gift's answer makes of the ask. */
function afterCharge(offer: UpgradeOffer, result: ChargeResult): UpgradeState {
  switch (result.status) {
    case 'approved':
      return {status: 'upgraded', offer, reference: result.reference};
    case 'declined':
      return {status: 'accepted', offer, refused: 'card'};
    case 'guarded':
      return result.reason === 'bot-check'
        ? {status: 'accepted', offer, refused: 'bot-check'}
        : {status: 'limited', offer, ...(result.retryAfter === undefined ? {} : {retryAfter: result.retryAfter})};
    case 'error':
      if (result.outcome === 'not-charged') return {status: 'accepted', offer, refused: 'card'};
      // Unknown but safe to send again: the endpoint is making this gift for another tap.
      return {status: result.retryable ? 'busy' : 'unconfirmed', offer};
    default:
      return {status: 'unconfirmed', offer};
  }
}

/** Shown → accepted (or charging, in one tap) or declined; an answer is final, so a second click changes nothing. */
export function reduceUpgrade(state: UpgradeState, action: UpgradeAction): UpgradeState {
  if (state.status === 'none') return state;
  const {offer} = state;
  if (action.type === 'charged') return state.status === 'charging' ? afterCharge(offer, action.result) : state;
  if (action.type === 'retry') return state.status === 'busy' ? {status: 'charging', offer} : state;
  // Asked to wait, the supporter may tap again later, or say no after all.
  if (state.status !== 'shown' && state.status !== 'limited') return state;
  if (action.type === 'decline') return {status: 'declined', offer};
  return {status: action.oneTap ? 'charging' : 'accepted', offer};
}

/**
 * Moves the page's state by one action. A one-tap accept holds the ask with
 * the key made for that attempt until the answer under that key comes back:
 * whatever sends it again sends the same key. Held by another tap, the ask
 * keeps that key, and a retry sends it again under it. An answer under any
 * other key belongs to an older attempt and is dropped.
 */
export function reduce(state: ThankYouState, action: Action): ThankYouState {
  if (action.type === 'open') return {...state, upgrade: action.upgrade};
  if (action.type === 'charged' && state.pending?.key !== action.key) return state;
  const sending = action.type === 'accept' && action.ask ? {payload: action.ask, key: action.key} : null;
  const upgrade = reduceUpgrade(state.upgrade, action.type === 'accept' ? {type: 'accept', oneTap: sending !== null} : action);
  if (upgrade === state.upgrade) return state;
  // A retry sends the held gift again: the same payload and key, as a new attempt for the sender.
  if (action.type === 'retry') return {upgrade, pending: state.pending && {...state.pending}};
  // Only a one-tap accept starts charging, and another tap holds it; any other move ends what was on its way.
  return {upgrade, pending: upgrade.status === 'charging' ? sending : upgrade.status === 'busy' ? state.pending : null};
}
