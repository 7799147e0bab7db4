/**
 * Each of the endpoint's routes (./paths.ts) with the schemas of its request and answer, where it has them: the
 * webhook reads Stripe's signed events, and the export and health routes take no body. Every route of the table is
 * named here and no other, so a route renamed there is a type error here.
 */
import type * as zod from 'zod/mini';
import {
  checkoutAnswerSchema,
  checkoutRequestSchema,
  giftAnswerSchema,
  giftRequestSchema,
  upgradeAnswerSchema,
  upgradeRequestSchema,
} from './gifts';
import {eventRequestSchema, resultsAnswerSchema} from './experiments';
import {formAnswerSchema, formListSchema, publishAnswerSchema, publishRequestSchema} from './forms';
import {ROUTES, type RouteName} from './paths';
import {campaignCountSchema, signatureAnswerSchema, signatureRequestSchema} from './signatures';
import {correctRequestSchema, forgetRequestSchema, recordsRequestSchema} from './supporters';

type Schemas = {request?: zod.ZodMiniType; answer?: zod.ZodMiniType};

const SCHEMAS = {
  gifts: {request: giftRequestSchema, answer: giftAnswerSchema},
  giftsUpgrade: {request: upgradeRequestSchema, answer: upgradeAnswerSchema},
  checkout: {request: checkoutRequestSchema, answer: checkoutAnswerSchema},
  signatures: {request: signatureRequestSchema, answer: signatureAnswerSchema},
  count: {answer: campaignCountSchema},
  stripeWebhook: {},
  export: {},
  health: {},
  supporterRecords: {request: recordsRequestSchema},
  supporterForget: {request: forgetRequestSchema},
  supporterCorrect: {request: correctRequestSchema},
  form: {answer: formAnswerSchema},
  formPublish: {request: publishRequestSchema, answer: publishAnswerSchema},
  forms: {answer: formListSchema},
  events: {request: eventRequestSchema},
  results: {answer: resultsAnswerSchema},
  resultsPage: {},
  resultsSignIn: {},
  resultsSignOut: {},
  resultsScript: {},
  mePage: {},
  meLink: {},
  meOpen: {},
  meSignIn: {},
  meSignOut: {},
  meDocument: {},
  meRecords: {},
  meDetails: {},
  meGift: {},
  meForgetPage: {},
  meForget: {},
} as const satisfies Record<RouteName, Schemas>;

type Table = {[K in RouteName]: (typeof ROUTES)[K] & (typeof SCHEMAS)[K]};

const paired = (): Table =>
  Object.fromEntries(Object.entries(ROUTES).map(([name, route]) => [name, {...route, ...SCHEMAS[name as RouteName]}])) as Table;

/**
 * The endpoint's routes: method, path, and the schemas of the request and answer a route has. Pure, so a bundle
 * that imports the contract's index for something else leaves it, and every schema it names, out.
 */
export const ROUTE_TABLE = /* @__PURE__ */ paired();
