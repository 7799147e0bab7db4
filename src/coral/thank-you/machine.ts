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
      return result.outcome === 'not-charged' ? {status: 'accepted', offer, refused: 'card'} : {status: 'unconfirmed', offer};
    default:
      return {status: 'unconfirmed', offer};
  }
}

/** Shown → accepted (or charging, in one tap) or declined; an answer is final, so a second click changes nothing. */
export function reduceUpgrade(state: UpgradeState, action: UpgradeAction): UpgradeState {
  if (state.status === 'none') return state;
  const {offer} = state;
  if (action.type === 'charged') return state.status === 'charging' ? afterCharge(offer, action.result) : state;
  // Asked to wait, the supporter may tap again later, or say no after all.
  if (state.status !== 'shown' && state.status !== 'limited') return state;
  if (action.type === 'decline') return {status: 'declined', offer};
  return {status: action.oneTap ? 'charging' : 'accepted', offer};
}

/**
 * Moves the page's state by one action. A one-tap accept holds the ask with
 * the key made for that attempt until the answer under that key comes back:
 * whatever sends it again sends the same key. An answer under any other key
 * belongs to an older attempt and is dropped.
 */
export function reduce(state: ThankYouState, action: Action): ThankYouState {
  if (action.type === 'open') return {...state, upgrade: action.upgrade};
  if (action.type === 'charged' && state.pending?.key !== action.key) return state;
  const sending = action.type === 'accept' && action.ask ? {payload: action.ask, key: action.key} : null;
  const upgrade = reduceUpgrade(state.upgrade, action.type === 'accept' ? {type: 'accept', oneTap: sending !== null} : action);
  // Only a one-tap accept starts charging; any other move ends what was on its way.
  return upgrade === state.upgrade ? state : {upgrade, pending: upgrade.status === 'charging' ? sending : null};
}
