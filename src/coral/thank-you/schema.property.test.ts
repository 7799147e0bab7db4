import fc from 'fast-check';
import * as arb from '../shared/testing';
import {THANK_YOU_MESSAGES} from './messages';
import {SHARE_CHANNELS} from './schema';
import {parseThankYouConfig} from './parse';

const pixels = fc.integer({min: 1, max: 10_000});

const photo = fc
  .record({
    src: arb.safeUrl,
    srcset: fc.uniqueArray(fc.record({src: arb.safeUrl, width: pixels}), {minLength: 1, maxLength: 8, selector: (size) => size.width}),
    sizes: arb.optional(arb.text(200)),
    width: pixels,
    height: pixels,
    alt: fc.string({unit: 'binary', maxLength: 30}),
    caption: arb.optional(arb.text(300)),
    credit: arb.text(120),
  })
  .map(arb.compact);

const share = fc
  .record({
    enabled: arb.optional(fc.boolean()),
    url: arb.optional(arb.safeUrl),
    title: arb.optional(arb.text(120)),
    text: arb.optional(arb.text(280)),
    channels: arb.optional(fc.shuffledSubarray([...SHARE_CHANNELS], {minLength: 1})),
    native: arb.optional(fc.boolean()),
  })
  .map(arb.compact);

/** The ask's limits come as a pair, low first, so neither crosses the other's default. */
const upgrade = fc
  .record({
    enabled: arb.optional(fc.boolean()),
    divisor: arb.optional(fc.double({min: 1, max: 12, noNaN: true})),
    roundTo: arb.optional(fc.integer({min: 1, max: 50})),
    limits: arb.optional(
      fc.tuple(arb.dollars(), arb.dollars()).map(([a, b]) => ({minMonthly: Math.min(a, b), maxMonthly: Math.max(a, b)})),
    ),
    directDebit: arb.optional(fc.boolean()),
    sourceCode: arb.optional(fc.string({unit: 'binary', maxLength: 20})),
  })
  .map(({limits, ...rest}) => arb.compact({...rest, ...limits}));

/** Thank-you configs that satisfy every rule: a photo exactly when the variant is photography. */
const validConfig = fc.boolean().chain((photography) =>
  fc
    .record({
      ...arb.commonOptions(THANK_YOU_MESSAGES),
      ...arb.giftOptions,
      variant: photography ? fc.constant('photography') : arb.optional(fc.constant('standard')),
      photo: photography ? photo : fc.constant(undefined),
      share: arb.optional(share),
      upgrade: arb.optional(upgrade),
    })
    .map(arb.compact),
);

/** Values of the right kind that the schema refuses on their own, whatever the rest of the config says. */
const refusedValues = fc.oneof(
  ...arb.commonRefusals(THANK_YOU_MESSAGES),
  ...arb.giftRefusals(),
  arb.refusedAt(['variant'], fc.constantFrom('photo', 'Standard', '')),
  arb.refusedAt(['photo', 'src'], arb.unsafeUrl),
  arb.refusedAt(
    ['photo', 'srcset'],
    fc.constantFrom(
      [],
      Array.from({length: 9}, (_, i) => ({src: `/img/${i}.webp`, width: i + 1})),
      [
        {src: '/a.webp', width: 480},
        {src: '/b.webp', width: 480},
      ],
    ),
  ),
  arb.refusedAt(['photo', 'srcset', 0, 'src'], arb.unsafeUrl),
  fc.constantFrom('width', 'height').chain((key) => arb.refusedAt(['photo', key], fc.constantFrom(0, -1, 1.5, 10_001, Number.NaN))),
  arb.refusedAt(['photo', 'srcset', 0, 'width'], fc.constantFrom(0, -1, 1.5, 10_001, Number.NaN)),
  arb.refusedAt(['photo', 'sizes'], fc.oneof(fc.constantFrom('', ' '), arb.tooLong(200))),
  arb.refusedAt(['photo', 'alt'], arb.tooLong(250)),
  arb.refusedAt(['photo', 'caption'], fc.oneof(fc.constantFrom('', ' '), arb.tooLong(300))),
  arb.refusedAt(['photo', 'credit'], fc.oneof(fc.constantFrom('', ' '), arb.tooLong(120))),
  arb.refusedAt(['share', 'url'], arb.unsafeUrl),
  arb.refusedAt(['share', 'title'], fc.oneof(fc.constantFrom('', ' '), arb.tooLong(120))),
  arb.refusedAt(['share', 'text'], fc.oneof(fc.constantFrom('', ' '), arb.tooLong(280))),
  arb.refusedAt(['share', 'channels'], fc.constantFrom([], ['email', 'email'], ['myspace'], ['Email'])),
  arb.refusedAt(['upgrade', 'divisor'], fc.constantFrom(0, 0.99, 12.01, Number.NaN)),
  arb.refusedAt(['upgrade', 'roundTo'], fc.constantFrom(0, 51, 2.5)),
  fc.constantFrom('minMonthly', 'maxMonthly').chain((key) => arb.refusedAt(['upgrade', key], arb.badDollars)),
  arb.refusedAt(['upgrade', 'sourceCode'], arb.tooLong(40)),
  arb.refusedAt(
    ['gateway'],
    fc.constantFrom({type: 'card'}, {}, {type: 'sandbox', delayMs: 1.5}, {type: 'http', endpoint: '/give', timeoutMs: 120_001}),
  ),
);

arb.describeConfigProperties('thank-you', parseThankYouConfig, {valid: validConfig, refused: refusedValues});
