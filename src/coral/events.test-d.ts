/**
 * Type-level checks that each component's list of events names every event
 * its details map declares. Nothing here runs: `tsc -p .` reads this file.
 */
import {expectTypeOf} from 'vitest';
import type {DONATE_FORM_EVENTS, DonateFormEventName} from './donate-form';
import type {POWERFORM_EVENTS, PowerformEventName} from './powerform';
import type {THANK_YOU_EVENTS, ThankYouEventName} from './thank-you';

expectTypeOf<(typeof DONATE_FORM_EVENTS)[number]>().toEqualTypeOf<DonateFormEventName>();
expectTypeOf<(typeof POWERFORM_EVENTS)[number]>().toEqualTypeOf<PowerformEventName>();
expectTypeOf<(typeof THANK_YOU_EVENTS)[number]>().toEqualTypeOf<ThankYouEventName>();
