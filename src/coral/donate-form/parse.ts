/**
 * The donate form's config checked and, when wrong, explained in words: for the
 * endpoint, the docs and the tests, which always want the words. No form's
 * code imports this door; a form checks its config with `checkDonateFormConfig`
 * (./core.ts) and fetches the explanation only when it has one to show.
 */
import * as zod from 'zod/mini';
import type {ParseResult} from '../shared/config';
import {parseConfig} from '../shared/configErrors';
import {dollars, smallestUnit, stripeMinimum} from '../shared/money';
import {donateFormSchema, type DonateFormConfig} from './schema';

/**
 * What Stripe takes in the config's currency: no `min` below its smallest charge there, and whole amounts where it
 * takes no cents (XPF, VUV). Checked here, on every config that can take money (the endpoint parses its campaigns
 * and published forms with this door, the Customise tab and the docs too), rather than in the schema: a form's own
 * check runs in the embed's first script, which would carry the table of minimums to every page, and a gift is
 * always held to the endpoint's config, never to the page's.
 */
const chargeable = donateFormSchema.check(
  zod.superRefine((config: DonateFormConfig, ctx) => {
    const minimum = stripeMinimum(config.currency);
    const unit = smallestUnit(config.currency);
    const whole = (amount: number, path: PropertyKey[]) => {
      if (dollars(amount) % unit !== 0) {
        ctx.addIssue({code: 'custom', path, message: `expected a whole amount: Stripe takes ${config.currency} without cents`});
      }
    };
    for (const name of config.frequencies) {
      const block = config.amounts[name];
      // A min of 0 or less is already refused by the schema, in its own words.
      if (minimum !== null && block.min > 0 && dollars(block.min) < minimum) {
        ctx.addIssue({
          code: 'custom',
          path: ['amounts', name, 'min'],
          message: `expected at least ${minimum / 100}, the smallest charge Stripe takes in ${config.currency}`,
        });
      }
      whole(block.min, ['amounts', name, 'min']);
      whole(block.max, ['amounts', name, 'max']);
      block.handles.forEach((handle, i) => whole(handle.amount, ['amounts', name, 'handles', i, 'amount']));
    }
  }),
);

/** Checks a donate form config, with what Stripe takes in its currency, and explains a wrong one. */
export const parseDonateFormConfig = (input: unknown): ParseResult<DonateFormConfig> => parseConfig(chargeable, input);
