/**
 * Correcting a supporter (`npm run correct -- <email> --phone …`, POST /supporters/correct): the details given
 * replace those kept on every gift and signature for the email, each checked as the form checks it, and the CRM
 * is sent a signed `supporter.corrected` record with the new values, in order after the records it corrects.
 */
import {refuse, SUPPORTER_FIELDS, type Check, type SupporterField} from '../../src/coral/contract/library';
import type {SupporterChanges} from '../../src/coral/contract';
import {SUPPORTER_COLUMNS, checkSupporterFields, typedValue} from '../records';
import {emailKeyOf, type SupporterDeps} from './forget';
import {foldEmail} from './held';
import {keepRequest} from './requests';

export type CorrectReport = {gifts: string[]; signatures: string[]; fields: SupporterField[]; crmRecord: string | null; lines: string[]};

/** Any detail may be corrected: every field is optional to a correction. */
const ANY_FIELD = Object.fromEntries(SUPPORTER_FIELDS.map((field) => [field, 'optional'])) as Record<SupporterField, 'optional'>;

/** The changes as they will be kept: each read and checked by the endpoint's one rule; an empty one removes the detail (null). */
function checkChanges(changes: SupporterChanges): Check<Partial<Record<SupporterField, string | null>>> {
  if (changes.email !== undefined && typedValue('email', changes.email) === '') {
    return refuse('changes.email: an email cannot be removed; forget the supporter instead');
  }
  const checked = checkSupporterFields(ANY_FIELD, changes, 'changes');
  if (!checked.ok) return checked;
  const removed = SUPPORTER_FIELDS.filter((field) => changes[field] !== undefined && checked.value[field] === undefined);
  const values = {...checked.value, ...Object.fromEntries(removed.map((field) => [field, null]))};
  return Object.keys(values).length > 0 ? {ok: true, value: values} : refuse('changes: name at least one detail to correct');
}

export async function correctSupporter(
  deps: SupporterDeps,
  email: string,
  changes: SupporterChanges,
  {by}: {by: 'command' | 'route'},
): Promise<Check<CorrectReport>> {
  const checked = checkChanges(changes);
  if (!checked.ok) return checked;
  const values = checked.value;
  const fields = SUPPORTER_FIELDS.filter((field) => field in values);
  const folded = foldEmail(email);
  const at = Math.floor(deps.now() / 1000);
  const emailKey = await emailKeyOf(deps.guardSecret, folded);
  /** `update <table> set …` for the fields the table keeps, with its parameters after the email's. */
  const changing = (table: 'gifts' | 'signatures') => {
    const kept = fields.filter((field) => table === 'gifts' || field !== 'address');
    return {
      set: kept.map((field, i) => `${SUPPORTER_COLUMNS[field]} = $${i + 2}`).join(', '),
      params: [folded, ...kept.map((field) => values[field] ?? null)],
    };
  };

  return deps.db.transaction(async (tx) => {
    if (values.email && values.email !== folded) {
      // A signature is one per email and campaign: a second one under the new email would count the supporter twice.
      const [clash] = await tx.query<{campaign: string}>(
        `select campaign from signatures where email = $2 and campaign in (select campaign from signatures where email = $1) limit 1`,
        [folded, values.email],
      );
      if (clash) return refuse(`changes.email: ${values.email} has signed ${clash.campaign} already; forget one of the two first`);
    }
    const giftChange = changing('gifts');
    const gifts = await tx.query<{reference: string}>(
      `update gifts set ${giftChange.set} where lower(email) = $1 and deidentified_at is null returning reference`,
      giftChange.params,
    );
    const signatureChange = changing('signatures');
    const signatures = await tx.query<{reference: string}>(
      signatureChange.set === ''
        ? 'select reference from signatures where email = $1 and deidentified_at is null'
        : `update signatures set ${signatureChange.set} where email = $1 and deidentified_at is null returning reference`,
      signatureChange.params,
    );
    const references = {gifts: gifts.map((row) => row.reference), signatures: signatures.map((row) => row.reference)};
    if (references.gifts.length + references.signatures.length === 0) {
      return {ok: true, value: {...references, fields, crmRecord: null, lines: ['nothing is held for this email: nothing corrected']}};
    }
    const crmRecord = await keepRequest(
      tx,
      {action: 'corrected', emailKey, ...references, fields, by, at},
      deps.outbox ? {changes: values, ...references} : null,
    );
    const lines = [
      `gifts: ${references.gifts.length} corrected (${fields.join(', ')})`,
      `signatures: ${references.signatures.length} corrected`,
      crmRecord !== null
        ? `CRM: a signed supporter.corrected record (${crmRecord}) is queued for CORAL_FORWARD_URL`
        : 'CRM: no CORAL_FORWARD_URL, so no correction was sent: correct the supporter in the CRM by hand',
    ];
    return {ok: true, value: {...references, fields, crmRecord, lines}};
  });
}
