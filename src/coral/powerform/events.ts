/**
 * The powerform's public events: the `coral:` DOM events a host page can
 * listen to, and the GA4-style dataLayer pushes. Neither carries personal
 * data: field names and yes/no facts, never what was typed.
 */
import type {DataLayerEntry} from '../shared/money';
import type {FieldName, Notice, TextField} from './state';
import type {ShareMethod, ShareOutcome} from '../shared/share';
import type {PowerformConfig} from './schema';

type Base = {campaign: string; variant: 'petition' | 'leads'; sourceCode: string | null};

export interface PowerformEventDetails {
  /** A submit was stopped by problems; `fields` names the controls at fault. */
  'coral:invalid': Base & {fields: FieldName[]};
  /** A checked signup was sent to the gateway; `fields` names the fields filled in. */
  'coral:submit': Base & {fields: TextField[]; consent: boolean; answered: boolean};
  /** The gateway recorded the signature; `count` is the counter after it. */
  'coral:success': Base & {reference: string; count: number; goal: number; consent: boolean};
  /** The signature was not recorded; `saved` is "unknown" when it may have been, so it must not be sent blindly again. */
  'coral:error': Base & {kind: 'rejected' | 'error'; reason: string; saved: 'no' | 'unknown'; retryable: boolean};
  /** A share action on the thanks was used. */
  'coral:share': Base & {method: ShareMethod; outcome: ShareOutcome};
}

export type PowerformEventName = keyof PowerformEventDetails;
export type PowerformEvent = {[N in PowerformEventName]: {name: N; detail: PowerformEventDetails[N]}}[PowerformEventName];

/** Every event the component sends, in the order the docs list them. */
export const POWERFORM_EVENTS = [
  'coral:invalid',
  'coral:submit',
  'coral:success',
  'coral:error',
  'coral:share',
] as const satisfies readonly PowerformEventName[];

const baseOf = (config: PowerformConfig): Base => ({
  campaign: config.campaign,
  variant: config.variant,
  sourceCode: config.sourceCode ?? null,
});

/** The DOM event for a notice. */
export function eventFor(config: PowerformConfig, notice: Notice): PowerformEvent {
  const base = baseOf(config);
  switch (notice.type) {
    case 'invalid':
      return {name: 'coral:invalid', detail: {...base, fields: notice.fields}};
    case 'submit': {
      const {supporter, answer} = notice.signup;
      const fields = (Object.keys(supporter) as (keyof typeof supporter)[]).filter((key): key is TextField => key !== 'consent');
      return {name: 'coral:submit', detail: {...base, fields, consent: supporter.consent, answered: answer !== undefined}};
    }
    case 'success':
      return {
        name: 'coral:success',
        detail: {
          ...base,
          reference: notice.reference,
          count: notice.count,
          goal: config.counter.goal,
          consent: notice.signup.supporter.consent,
        },
      };
    case 'share':
      return {name: 'coral:share', detail: {...base, method: notice.method, outcome: notice.outcome}};
    case 'error': {
      const {result} = notice;
      return {
        name: 'coral:error',
        detail:
          result.status === 'rejected'
            ? {...base, kind: 'rejected', reason: result.reason, saved: 'no', retryable: false}
            : {
                ...base,
                kind: 'error',
                reason: result.detail,
                saved: result.outcome === 'unknown' ? 'unknown' : 'no',
                retryable: result.retryable,
              },
      };
    }
  }
}

/** The dataLayer push for a notice, if analytics records it. Only the campaign and source code: never what was typed. */
export function dataLayerFor(config: PowerformConfig, notice: Notice): DataLayerEntry | null {
  if (notice.type === 'share') {
    return ['opened', 'shared', 'copied'].includes(notice.outcome)
      ? {event: 'share', method: notice.method, content_type: 'petition', item_id: config.campaign}
      : null;
  }
  if (notice.type !== 'success') return null;
  const source = config.sourceCode ? {source_code: config.sourceCode} : {};
  return config.variant === 'leads'
    ? {event: 'generate_lead', lead_source: config.sourceCode ?? config.campaign, campaign: config.campaign, ...source}
    : {event: 'sign_up', method: 'petition', campaign: config.campaign, ...source};
}
