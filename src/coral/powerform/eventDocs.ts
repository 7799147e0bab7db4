/** What the docs say of the powerform's events and dataLayer pushes: read by the docs build, never shipped with the component. */
import {POWERFORM_EVENTS, type PowerformEventName} from './events';

const WHEN_AND_DETAIL: Record<PowerformEventName, {when: string; detail: string}> = {
  'coral:invalid': {
    when: 'Sign was pressed but something needs fixing; the error summary takes focus.',
    detail: 'campaign, variant, sourceCode, fields (names of the controls at fault, e.g. email, consent)',
  },
  'coral:submit': {
    when: 'A checked signup is sent to the gateway.',
    detail: 'campaign, variant, sourceCode, fields (names of the fields filled in), consent, answered (the extra question)',
  },
  'coral:success': {
    when: 'The gateway recorded the signature.',
    detail: 'campaign, variant, sourceCode, reference, count (the counter after this signature), goal, consent',
  },
  'coral:error': {
    when: 'The signature was not recorded.',
    detail: 'campaign, variant, sourceCode, kind (rejected or error), reason, saved (no or unknown), retryable',
  },
  'coral:share': {
    when: 'A share action on the inline thanks is used.',
    detail:
      'campaign, variant, sourceCode, method (native, email, whatsapp, facebook, x or copy), outcome (opened, shared, cancelled, copied or failed)',
  },
};

/** Every event, in the order the docs list them, with when it fires and what its detail holds. */
export const POWERFORM_EVENT_DOCS: readonly {name: PowerformEventName; when: string; detail: string}[] = POWERFORM_EVENTS.map((name) => ({
  name,
  ...WHEN_AND_DETAIL[name],
}));

/** The dataLayer pushes, as the docs list them. */
export const POWERFORM_DATALAYER_DOCS: readonly {event: string; when: string; fields: string}[] = [
  {event: 'sign_up', when: 'A petition signature is recorded.', fields: 'method ("petition"), campaign, source_code (when set)'},
  {
    event: 'generate_lead',
    when: 'A leads form signup is recorded.',
    fields: 'lead_source (the source code, else the campaign), campaign, source_code (when set)',
  },
  {
    event: 'share',
    when: 'A share link on the thanks is followed, the share sheet reports a share, or the link is copied.',
    fields: 'method, content_type ("petition"), item_id (the campaign)',
  },
];
