import fc from 'fast-check';
import {
  badDollars,
  campaignId,
  compact,
  describeConfigProperties,
  dollars,
  gateway,
  locale,
  messageOverrides,
  optional,
  safeUrl,
  text,
  tooLong,
  unsafeUrl,
  type Path,
  type RefusedValue,
} from '../shared/testing/configs';
import {THANK_YOU_MESSAGES} from './messages';
import {parseThankYouConfig, SHARE_CHANNELS} from './schema';

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
      campaign: campaignId,
      currency: optional(fc.constantFrom('AUD', 'NZD', 'USD', 'FJD')),
      locale: optional(locale),
      variant: photography ? fc.constant('photography') : optional(fc.constant('standard')),
      photo: photography ? photo : fc.constant(undefined),
      share: optional(share),
      upgrade: optional(upgrade),
      urlParams: optional(fc.boolean()),
      gateway: optional(gateway),
      analytics: optional(fc.boolean()),
      theme: optional(fc.constantFrom('auto', 'light', 'dark')),
      messages: optional(messageOverrides(THANK_YOU_MESSAGES)),
    })
    .map(compact),
);

const fullConfig = validConfig.map((input) => {
  const result = parseThankYouConfig(input);
  if (!result.ok) throw new Error(`a valid config was refused: ${JSON.stringify(result.errors)}`);
  return result.config as unknown as Record<string, unknown>;
});

const at = (path: Path, values: fc.Arbitrary<unknown>): fc.Arbitrary<RefusedValue> => values.map((value) => ({path, value}));

/** Values of the right kind that the schema refuses on their own, whatever the rest of the config says. */
const refusedValues = fc.oneof(
  at(['campaign'], fc.oneof(fc.constantFrom('', 'a', '-reef', 'save the reef', '<script>alert(1)</script>', 'reef\u202e'), tooLong(64))),
  at(['currency'], fc.constantFrom('aud', 'AU', 'AUDD', '', '$')),
  at(['locale'], fc.constantFrom('', 'not a locale', 'en_AU', '<script>')),
  at(['variant'], fc.constantFrom('photo', 'Standard', '')),
  at(['photo', 'src'], unsafeUrl),
  at(
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
  at(['photo', 'srcset', 0, 'src'], unsafeUrl),
  fc.constantFrom('width', 'height').chain((key) => at(['photo', key], fc.constantFrom(0, -1, 1.5, 10_001, Number.NaN))),
  at(['photo', 'srcset', 0, 'width'], fc.constantFrom(0, -1, 1.5, 10_001, Number.NaN)),
  at(['photo', 'sizes'], fc.oneof(fc.constantFrom('', ' '), tooLong(200))),
  at(['photo', 'alt'], tooLong(250)),
  at(['photo', 'caption'], fc.oneof(fc.constantFrom('', ' '), tooLong(300))),
  at(['photo', 'credit'], fc.oneof(fc.constantFrom('', ' '), tooLong(120))),
  at(['share', 'url'], unsafeUrl),
  at(['share', 'title'], fc.oneof(fc.constantFrom('', ' '), tooLong(120))),
  at(['share', 'text'], fc.oneof(fc.constantFrom('', ' '), tooLong(280))),
  at(['share', 'channels'], fc.constantFrom([], ['email', 'email'], ['myspace'], ['Email'])),
  at(['upgrade', 'divisor'], fc.constantFrom(0, 0.99, 12.01, Number.NaN)),
  at(['upgrade', 'roundTo'], fc.constantFrom(0, 51, 2.5)),
  fc.constantFrom('minMonthly', 'maxMonthly').chain((key) => at(['upgrade', key], badDollars)),
  at(['upgrade', 'sourceCode'], tooLong(40)),
  at(
    ['gateway'],
    fc.constantFrom({type: 'card'}, {}, {type: 'sandbox', delayMs: 1.5}, {type: 'http', endpoint: '/give', timeoutMs: 120_001}),
  ),
  unsafeUrl.map((endpoint) => ({path: ['gateway'], value: {type: 'http', endpoint}, blame: ['gateway', 'endpoint']})),
  at(['theme'], fc.constantFrom('blue', 'Dark', '')),
  fc.constantFrom(...Object.keys(THANK_YOU_MESSAGES)).chain((key) => at(['messages', key], fc.oneof(fc.constant(''), tooLong(400)))),
);

describeConfigProperties('thank-you', parseThankYouConfig, {valid: validConfig, full: fullConfig, refused: refusedValues});
