/**
 * What the doorway reads in every posted body before a route does: card data, each field read as its writer calls
 * for (a person's typing with every disguise undone; a machine's values not read for numbers), and control
 * characters, which no field holds. The rules, and why: server/README.md, "What the card-data guard reads".
 */
import {ROUTES, type PostedRouteName, type RoutePath} from '../../src/coral/contract';
import {UTM_PARAMS} from '../../src/coral/contract/library';
import {rejected, type Reply} from './reply';
import {TOO_DEEP} from './body';
import {findCardData, type Reading, type ReadingOf} from './cardData';
import {controlReason, findControl, UNWRITABLE} from './controls';

export type PostedRoute = RoutePath<PostedRouteName>;

const UTM_FIELDS = UTM_PARAMS.map((name) => `utm.${name}`);
const GIFT_MACHINE_FIELDS = [
  'campaign',
  'sourceCode',
  'currency',
  'frequency',
  'method',
  'upgrade.from.frequency',
  'supporter.country',
  'botCheck',
  'form.id',
  'form.variant',
  ...UTM_FIELDS,
];

/**
 * The string fields of each route's request (src/coral/contract) that a machine writes, by path: the campaign's
 * config (`campaign`, `sourceCode`) and the published form's id and variant (`form.id`, `form.variant`), the form's own choices
 * (the supporter's country is an option of its select, never typed), the bot check's token, the page's address (its utm
 * values; a hosted checkout's `returnUrl` and `cancelUrl`, which carry the ad's click id), and Stripe
 * (`reference`, `clientSecret`). A person types the rest: the supporter's fields and the answer to a powerform's
 * question. A field no route defines is read as typed: the route refuses it anyway.
 */
export const MACHINE_FIELDS: Readonly<Record<PostedRoute, readonly string[]>> = {
  [ROUTES.gifts.path]: GIFT_MACHINE_FIELDS,
  [ROUTES.checkout.path]: [...GIFT_MACHINE_FIELDS, 'returnUrl', 'cancelUrl'],
  [ROUTES.giftsUpgrade.path]: ['reference', 'clientSecret', 'currency'],
  [ROUTES.signatures.path]: [
    'campaign',
    'sourceCode',
    'variant',
    'supporter.country',
    'answer.id',
    'form.id',
    'form.variant',
    ...UTM_FIELDS,
  ],
};

/** The one field that holds a phone number, on every route that has it. */
export const PHONE_FIELD = 'supporter.phone';

/** How a route's values are read for card data: by their paths, compared key by key (a key may hold a dot). */
export function readingFor(route: string): ReadingOf {
  const machine = (MACHINE_FIELDS as Readonly<Record<string, readonly string[] | undefined>>)[route] ?? [];
  const readings = new Map<string, Reading>([
    [JSON.stringify(PHONE_FIELD.split('.')), 'phone'],
    ...machine.map((field): [string, Reading] => [JSON.stringify(field.split('.')), 'machine']),
  ]);
  return (path) => readings.get(JSON.stringify(path)) ?? 'typed';
}

/**
 * The answer to a posted body the doorway refuses, or null to go on: card data anywhere (a value named only by
 * where it was), a body too deep or too big to read through, or a control character or a lone surrogate in any key
 * or string value.
 */
export function screenBody(route: string, body: unknown): Reply | null {
  const found = findCardData(body, readingFor(route));
  if (found !== null) {
    if (found.kind === 'too-deep') return rejected(TOO_DEEP);
    if (found.kind === 'too-many-values') return rejected('the body holds too many values');
    return rejected(`card details are never sent here (found at ${found.at}): Stripe.js sends them to Stripe`);
  }
  const control = findControl(body, UNWRITABLE);
  return control === null ? null : rejected(controlReason(control));
}
