/** POST /signatures: a powerform's signature, lead or daisychain signup, kept once per email and campaign. */
import type {PowerformConfig} from '../../src/coral/contract/library';
import type {SignatureAnswer} from '../../src/coral/contract';
import {rejected, type Reply, answerFailures, type PageRequest, type Seconds} from '../http';
import {checkedAgainst, type VersionReader} from '../forms';
import {checkSignature} from './signature';
import type {GiftStore} from '../records';

export type SignatureRouteDeps = {
  powerforms: ReadonlyMap<string, PowerformConfig>;
  /** The published forms' versions, for a signature made on one. */
  published: VersionReader<PowerformConfig>;
  store: GiftStore;
  seconds: Seconds;
  /** Told of each signature kept, before the signer hears of it: the count read next includes it. */
  counted: (campaign: string) => void;
};

export async function answerSignature(deps: SignatureRouteDeps, {body, key, log}: PageRequest): Promise<Reply> {
  return answerFailures(log, async () => {
    const against = await checkedAgainst(body, deps.powerforms, deps.published);
    const checked = against.ok ? await checkSignature(body, against.value.configs) : against;
    // 422: the browser's gateway reads it as the endpoint's considered refusal, not a fault to retry.
    if (!checked.ok) return rejected(checked.reason, 422);
    const signature = checked.value;
    const signed = await deps.store.sign({
      idempotencyKey: key,
      campaign: signature.campaign,
      kind: signature.kind,
      sourceCode: signature.sourceCode ?? null,
      supporter: signature.supporter,
      answer: signature.answer ?? null,
      consent: signature.consent,
      utm: signature.utm,
      form: signature.form,
      createdAt: deps.seconds(),
    });
    if (signed.created) deps.counted(signature.campaign);
    log.info({campaign: signature.campaign, kind: signature.kind, created: signed.created}, 'signature');
    // A repeat reads as a first signature: whether an email signed a petition is the signer's to tell.
    const answer: SignatureAnswer = {status: 'accepted', reference: signed.reference};
    return {status: 200, body: answer};
  });
}
