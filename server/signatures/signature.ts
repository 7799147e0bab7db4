/**
 * The server's own check of a powerform's signature (POST /signatures)
 * against the campaign's powerform config: the fields it asks for, its
 * consent box and its question. Pure: it keeps nothing.
 */
import {machineUtm, signatureRequestSchema, type PublishedForm, type SignatureRequest} from '../../src/coral/contract';
import {
  describeError,
  parseConfig,
  powerformConsentLabel,
  refuse,
  type Check,
  type PowerformConfig,
  type Utm,
} from '../../src/coral/contract/library';
import {checkSupporterFields, consentShown, type ConsentShown, type SignatureKind} from '../records';

export type Signer = Omit<SignatureRequest['supporter'], 'consent'>;

/** A signature the server has checked against its campaign. */
export type CheckedSignature = {
  campaign: string;
  /** The variant signed, or `daisychain` when the powerform hands the signer on to a donate form. */
  kind: SignatureKind;
  sourceCode: string | undefined;
  /** Only the fields given, as `checkSupporterFields` keeps them: trimmed, a number pad's full-width digits folded, the email lower-cased. */
  supporter: Signer;
  answer: {id: string; value: string} | undefined;
  utm: Utm;
  /** Whether the box was ticked, and the words beside it that the signer read. */
  consent: ConsentShown & {given: boolean};
  /** The published form and version it was made on, whose config it was checked against; null for an inline config. */
  form: PublishedForm | null;
};

/** The answer to the campaign's question: its id, an option of a choice, required when the question is. */
function checkAnswer(config: PowerformConfig, given: SignatureRequest['answer']): Check<CheckedSignature['answer']> {
  const {question} = config;
  if (!question) return given === undefined ? {ok: true, value: undefined} : refuse('answer: this campaign asks no question; leave it out');
  if (given !== undefined && given.id !== question.id) return refuse(`answer.id: expected "${question.id}", this campaign’s question`);
  const value = given?.value.trim() ?? '';
  if (value === '') {
    return question.required ? refuse(`answer: required by this campaign (question "${question.id}")`) : {ok: true, value: undefined};
  }
  if (question.type === 'choice' && !question.options.includes(value)) {
    return refuse(`answer.value: expected one of the question’s options: ${question.options.join(', ')}`);
  }
  return {ok: true, value: {id: question.id, value}};
}

/** Parses a /signatures body and checks it against the campaign's powerform config. */
export async function checkSignature(body: unknown, powerforms: ReadonlyMap<string, PowerformConfig>): Promise<Check<CheckedSignature>> {
  const parsed = parseConfig(signatureRequestSchema, body);
  if (!parsed.ok) return refuse(parsed.errors.map(describeError).join('; '));
  const request = parsed.config;
  const config = powerforms.get(request.campaign);
  if (!config) return refuse(`campaign: "${request.campaign}" is not a campaign this endpoint takes signatures for`);
  if (request.variant !== config.variant) return refuse(`variant: expected "${config.variant}" for this campaign`);
  const {consent, ...fields} = request.supporter;
  const signer = checkSupporterFields(config.fields, fields, 'supporter', config);
  if (!signer.ok) return signer;
  if (config.consentRequired && !consent) return refuse('supporter.consent: this campaign takes signatures only with consent');
  const answer = checkAnswer(config, request.answer);
  if (!answer.ok) return answer;
  return {
    ok: true,
    value: {
      campaign: config.campaign,
      kind: config.success.type === 'daisychain' ? 'daisychain' : config.variant,
      sourceCode: request.sourceCode ?? config.sourceCode,
      supporter: signer.value,
      answer: answer.value,
      utm: machineUtm(request.utm),
      consent: {given: consent, ...(await consentShown(powerformConsentLabel(config)))},
      form: request.form ?? null,
    },
  };
}
