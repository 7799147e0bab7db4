import type {DonateFormConfigInput} from '../schema';

/** The large form's one-off handles, which its demo and its recipe share. */
const largeOneOff = {
  handles: [
    {
      amount: 40,
      impact: 'Plants 40 mangrove seedlings on an eroding shore.',
      image: {src: '/gpap-coral/img/impact/mangroves.svg', alt: ''},
    },
    {
      amount: 90,
      impact: 'Fuels a day of our ship documenting illegal fishing.',
      image: {src: '/gpap-coral/img/impact/ship.svg', alt: ''},
    },
    {amount: 200, impact: 'Funds a reef health survey dive.', image: {src: '/gpap-coral/img/impact/reef.svg', alt: ''}},
  ],
  defaultAmount: 90,
  impactTemplate: '{amount} plants {count} mangrove seedlings.',
  impactUnit: 1,
};

/** /demos/donate-form-large: full width, an impact image and line beside every handle. */
export const large = {
  campaign: 'ocean-defenders',
  size: 'large',
  frequencies: ['one-off', 'monthly'],
  amounts: {
    'one-off': largeOneOff,
    monthly: {
      handles: [
        {
          amount: 20,
          impact: 'Keeps a community reef monitor in the water each month.',
          image: {src: '/gpap-coral/img/impact/reef.svg', alt: ''},
        },
        {amount: 35, impact: 'Plants 35 mangrove seedlings every month.', image: {src: '/gpap-coral/img/impact/mangroves.svg', alt: ''}},
        {amount: 60, impact: 'Puts our ship to sea for two days a year.', image: {src: '/gpap-coral/img/impact/ship.svg', alt: ''}},
      ],
      defaultAmount: 35,
    },
  },
} satisfies DonateFormConfigInput;

/** The large-form recipe's live form: one-off handles with images only. */
export const largeRecipe = {
  campaign: 'ocean-defenders',
  size: 'large',
  frequencies: ['one-off', 'monthly'],
  amounts: {'one-off': largeOneOff},
} satisfies DonateFormConfigInput;
