import type {DonateFormConfigInput} from '../schema';

/** The seven-day daily appeal, with the amounts' other options as each example sets them. */
function sevenDays(daily: {defaultAmount: number; min?: number; max?: number}) {
  return {
    campaign: 'seven-days-for-the-reef',
    frequencies: ['daily'],
    dailyDays: 7,
    amounts: {
      daily: {
        handles: [
          {amount: 2, impact: 'Seven days of water testing kits.'},
          {amount: 5, impact: 'A week of fuel for a community patrol boat.'},
          {amount: 10, impact: 'A week of a reef monitor’s time.'},
        ],
        ...daily,
      },
    },
  } satisfies DonateFormConfigInput;
}

/** /demos/donate-form-daily-one-week: a daily gift for seven days, with its total. */
export const dailyOneWeek = /* @__PURE__ */ sevenDays({defaultAmount: 5}) satisfies DonateFormConfigInput;

/** The daily recipe's live form: the same appeal held to $1 to $50 a day. */
export const dailyRecipe = /* @__PURE__ */ sevenDays({defaultAmount: 5, min: 1, max: 50}) satisfies DonateFormConfigInput;
