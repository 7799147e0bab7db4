import fc from 'fast-check';
import {
  commonOptions,
  commonRefusals,
  describeConfigProperties,
  giftOptions,
  giftRefusals,
  badDollars,
  compact,
  dollars,
  optional,
  refusedAt,
  safeUrl,
  text,
  tooLong,
  unsafeUrl,
} from '../shared/testing';
import {THANK_YOU_MESSAGES} from './messages';
import {SHARE_CHANNELS} from './schema';
import {parseThankYouConfig} from './parse';

const pixels = fc.integer({min: 1, max: 10_000});

const photo = fc
  .record({
    src: safeUrl,
    srcset: fc.uniqueArray(fc.record({src: safeUrl, width: pixels}), {minLength: 1, maxLength: 8, selector: (size) => size.width}),
    sizes: optional(text(200)),
    width: pixels,
    height: pixels,
    alt: fc.string({unit: 'binary', maxLength: 30}),
    caption: optional(text(300)),
    credit: text(120),
  })
  .map(compact);

const share = fc
  .record({
    enabled: optional(fc.boolean()),
    url: optional(safeUrl),
    title: optional(text(120)),
    text: optional(text(280)),
    channels: optional(fc.shuffledSubarray([...SHARE_CHANNELS], {minLength: 1})),
    native: optional(fc.boolean()),
  })
  .map(compact);

/** The ask's limits come as a pair, low first, so neither crosses the other's default. */
const upgrade = fc
  .record({
    enabled: optional(fc.boolean()),
    divisor: optional(fc.double({min: 1, max: 12, noNaN: true})),
    roundTo: optional(fc.integer({min: 1, max: 50})),
    limits: optional(fc.tuple(dollars(), dollars()).map(([a, b]) => ({minMonthly: Math.min(a, b), maxMonthly: Math.max(a, b)}))),
    directDebit: optional(fc.boolean()),
    sourceCode: optional(fc.string({unit: 'binary', maxLength: 20})),
  })
  .map(({limits, ...rest}) => compact({...rest, ...limits}));

/** Thank-you configs that satisfy every rule: a photo exactly when the variant is photography. */
const validConfig = fc.boolean().chain((photography) =>
  fc
    .record({
      ...commonOptions(THANK_YOU_MESSAGES),
      ...giftOptions,
      variant: photography ? fc.constant('photography') : optional(fc.constant('standard')),
      photo: photography ? photo : fc.constant(undefined),
      share: optional(share),
      upgrade: optional(upgrade),
    })
    .map(compact),
);

/** Values of the right kind that the schema refuses on their own, whatever the rest of the config says. */
const refusedValues = fc.oneof(
  ...commonRefusals(THANK_YOU_MESSAGES),
  ...giftRefusals(),
  refusedAt(['variant'], fc.constantFrom('photo', 'Standard', '')),
  refusedAt(['photo', 'src'], unsafeUrl),
  refusedAt(
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
  refusedAt(['photo', 'srcset', 0, 'src'], unsafeUrl),
  fc.constantFrom('width', 'height').chain((key) => refusedAt(['photo', key], fc.constantFrom(0, -1, 1.5, 10_001, Number.NaN))),
  refusedAt(['photo', 'srcset', 0, 'width'], fc.constantFrom(0, -1, 1.5, 10_001, Number.NaN)),
  refusedAt(['photo', 'sizes'], fc.oneof(fc.constantFrom('', ' '), tooLong(200))),
  refusedAt(['photo', 'alt'], tooLong(250)),
  refusedAt(['photo', 'caption'], fc.oneof(fc.constantFrom('', ' '), tooLong(300))),
  refusedAt(['photo', 'credit'], fc.oneof(fc.constantFrom('', ' '), tooLong(120))),
  refusedAt(['share', 'url'], unsafeUrl),
  refusedAt(['share', 'title'], fc.oneof(fc.constantFrom('', ' '), tooLong(120))),
  refusedAt(['share', 'text'], fc.oneof(fc.constantFrom('', ' '), tooLong(280))),
  refusedAt(['share', 'channels'], fc.constantFrom([], ['email', 'email'], ['myspace'], ['Email'])),
  refusedAt(['upgrade', 'divisor'], fc.constantFrom(0, 0.99, 12.01, Number.NaN)),
  refusedAt(['upgrade', 'roundTo'], fc.constantFrom(0, 51, 2.5)),
  fc.constantFrom('minMonthly', 'maxMonthly').chain((key) => refusedAt(['upgrade', key], badDollars)),
  refusedAt(['upgrade', 'sourceCode'], tooLong(40)),
  refusedAt(
    ['gateway'],
    fc.constantFrom({type: 'card'}, {}, {type: 'sandbox', delayMs: 1.5}, {type: 'http', endpoint: '/give', timeoutMs: 120_001}),
  ),
);

describeConfigProperties('thank-you', parseThankYouConfig, {valid: validConfig, refused: refusedValues});
