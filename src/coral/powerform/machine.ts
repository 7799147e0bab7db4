/**
 * The powerform's transitions, with no view and no effect: a typed value, a
 * tick, a submit, the gateway's answer or the live count each turn one state
 * into the next here. The notices the page must hear collect in the outbox.
 */
import {edited, keyFor, locked, notifier, touch} from '../shared/reducer';
import {withLiveCount, withSignature} from './counter';
import {buildSignup, problems, visibleFields} from './derive';
import type {PowerformConfig} from './schema';
import type {Action, FieldName, PowerformState} from './state';

const notify = notifier<PowerformState>();

export function reduce(config: PowerformConfig, state: PowerformState, action: Action): PowerformState {
  // The count may arrive while the signature is sent, or after.
  if (locked(state) && action.type !== 'answered' && action.type !== 'live-count') return state;

  switch (action.type) {
    case 'field':
      return edited({...state, values: {...state.values, [action.field]: action.value}});
    case 'country':
      return edited({...state, country: action.value});
    case 'consent':
      return edited({...state, consent: action.value});
    case 'answer':
      return edited({...state, answer: action.value});
    case 'blur':
      return touch(state, action.field);
    case 'accept-suggestion':
      // The address the "did you mean …?" line offered; taking what is already there changes nothing.
      return action.email === state.values.email ? state : edited({...state, values: {...state.values, email: action.email}});
    case 'submit': {
      const fields = Object.keys(problems(config, state, action.checks)) as FieldName[];
      if (fields.length > 0) {
        return notify({...state, attempted: true, summaryFocus: state.summaryFocus + 1}, {type: 'invalid', fields});
      }
      const signup = buildSignup(config, state, action.checks);
      // Only a phone typed before its check has loaded gets here; the view waits for the check, so nothing is lost.
      if (!signup) return state;
      const {key, sent} = keyFor(state.sent, signup, action.key);
      return notify({...state, attempted: true, submission: {status: 'sending', signup, key}, sent}, {type: 'submit', signup});
    }
    case 'answered': {
      if (state.submission.status !== 'sending' || state.submission.key !== action.key) return state;
      const {signup} = state.submission;
      const result = action.result;
      if (result.status === 'accepted') {
        // The endpoint answers a repeat as a first signature, so the page counts each; the next count read corrects it.
        const count = withSignature(state.count);
        return notify(
          {...state, count, submission: {status: 'done', reference: result.reference, signup}},
          {type: 'success', reference: result.reference, signup, count},
        );
      }
      return notify({...state, submission: {status: 'failed', result, key: action.key}}, {type: 'error', result});
    }
    case 'prefill': {
      const values = {...state.values};
      for (const field of visibleFields(config)) {
        const value = action.values[field];
        if (value !== undefined) values[field] = value;
      }
      return {...state, values, utm: {...state.utm, ...action.values.utm}};
    }
    case 'live-count': {
      const count = withLiveCount(state.count, action.count, state.submission.status === 'done');
      return count === state.count ? state : {...state, count};
    }
  }
}
