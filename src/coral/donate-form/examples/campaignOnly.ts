import type {DonateFormConfigInput} from '../schema';

/** Nothing but a campaign id: the setup guide's first form. */
export const campaignOnly = {campaign: 'reef-rescue'} satisfies DonateFormConfigInput;
