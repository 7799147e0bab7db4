/**
 * The donate form's named example configs: the demo pages, the docs' live
 * forms and the component tests all take theirs from here, and the shared
 * component suite checks every one of them.
 */
import type {DonateFormConfigInput} from './schema';

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

export const DONATE_FORM_EXAMPLES = {
  /** Nothing but a campaign id: the setup guide's first form. */
  campaignOnly: {campaign: 'reef-rescue'},

  /** /demos/basic-small: the handles and one button, the rest opening when pressed. */
  small: {
    campaign: 'pacific-climate',
    size: 'small',
    frequencies: ['one-off', 'monthly'],
    amounts: {
      'one-off': {handles: [{amount: 25}, {amount: 50}, {amount: 100}], defaultAmount: 50},
      monthly: {handles: [{amount: 10}, {amount: 20}, {amount: 35}], defaultAmount: 20},
    },
  },

  /** /demos/donate-form-medium: the standard embedded form, with URL parameters on. */
  medium: {
    campaign: 'save-the-reef',
    frequencies: ['one-off', 'monthly'],
    amounts: {
      'one-off': {handles: [{amount: 35}, {amount: 60}, {amount: 120}], defaultAmount: 60},
      monthly: {handles: [{amount: 15}, {amount: 25}, {amount: 40}], defaultAmount: 25},
    },
    fields: {phone: 'optional'},
    urlParams: true,
  },

  /** /demos/donate-form-large: full width, an impact image and line beside every handle. */
  large: {
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
  },

  /** The large-form recipe's live form: one-off handles with images only. */
  largeRecipe: {
    campaign: 'ocean-defenders',
    size: 'large',
    frequencies: ['one-off', 'monthly'],
    amounts: {'one-off': largeOneOff},
  },

  /** /demos/donate-form-wizard: three short steps, monthly first. */
  wizard: {
    campaign: 'save-the-reef',
    layout: 'wizard',
    frequencies: ['monthly', 'one-off'],
    fields: {phone: 'optional', address: 'optional'},
    urlParams: true,
  },

  /** /demos/donate-form-weekly and the weekly recipe: weekly first, labelled handles, direct debit. */
  weekly: {
    campaign: 'plastic-free-pacific',
    frequencies: ['weekly', 'monthly', 'one-off'],
    defaultFrequency: 'weekly',
    amounts: {
      weekly: {
        handles: [
          {amount: 4, label: '$4 a week'},
          {amount: 8, label: '$8 a week'},
          {amount: 15, label: '$15 a week'},
        ],
        defaultAmount: 8,
        min: 2,
        max: 500,
      },
    },
    directDebit: true,
  },

  /** /demos/donate-form-daily-one-week: a daily gift for seven days, with its total. */
  dailyOneWeek: sevenDays({defaultAmount: 5}),

  /** The daily recipe's live form: the same appeal held to $1 to $50 a day. */
  dailyRecipe: sevenDays({defaultAmount: 5, min: 1, max: 50}),

  /** /demos/donate-form-external-dollar-handles and its recipe: amount buttons in the page copy drive the form. */
  externalHandles: {
    campaign: 'stop-deep-sea-mining',
    frequencies: ['one-off', 'monthly'],
    amounts: {
      'one-off': {handles: [{amount: 30}, {amount: 75}, {amount: 150}], defaultAmount: 75},
      monthly: {handles: [{amount: 15}, {amount: 30}, {amount: 50}], defaultAmount: 30},
    },
    externalHandles: true,
  },

  /** The URL parameters recipe's live form: prefilled from the page's address. */
  urlParamsRecipe: {
    campaign: 'reef-rescue',
    frequencies: ['one-off', 'monthly'],
    urlParams: true,
  },

  /** /demos/donate-form-marlin-features: every feature at once. */
  marlin: {
    campaign: 'marlin-appeal',
    sourceCode: 'MARLIN-WEB',
    frequencies: ['one-off', 'monthly'],
    amounts: {
      'one-off': {
        handles: [
          {amount: 50, impact: 'Tags a marlin so scientists can track its migration.'},
          {amount: 100, impact: 'Funds a day of observers on a longline fishing boat.'},
          {amount: 250, impact: 'Pays for a week of satellite tracking data.'},
        ],
        defaultAmount: 100,
        impactTemplate: '{amount} funds {count} hours of satellite tracking.',
        impactUnit: 5,
      },
      monthly: {
        handles: [{amount: 20}, {amount: 35}, {amount: 50}],
        defaultAmount: 35,
        impactTemplate: '{amount} a month keeps {count} tags reporting.',
        impactUnit: 10,
      },
    },
    fields: {phone: 'optional'},
    directDebit: true,
    coverFees: {enabled: true, percent: 3},
    rgUpgrade: {enabled: true, divisor: 3, roundTo: 5},
    urlParams: true,
    analytics: true,
  },

  /** /demos/daisychain-page-2: the donation ask a petition hands its signers to. */
  daisychainAsk: {
    campaign: 'protect-the-pacific',
    sourceCode: 'DAISY-2',
    frequencies: ['one-off', 'monthly'],
    defaultFrequency: 'monthly',
    amounts: {
      'one-off': {handles: [{amount: 20}, {amount: 45}, {amount: 90}], defaultAmount: 45},
      monthly: {handles: [{amount: 10}, {amount: 20}, {amount: 35}], defaultAmount: 20},
    },
    handoff: true,
    thankYouUrl: '/gpap-coral/demos/thankyou',
  },

  /** /demos/test1: the same config for the React component and the custom element. */
  testBench: {
    campaign: 'save-the-reef',
    frequencies: ['one-off', 'monthly'],
    rgUpgrade: {enabled: true},
    coverFees: {enabled: true},
    urlParams: true,
    analytics: true,
  },

  /** The component tests' form: every default, paying into a sandbox that answers in 5 ms. */
  sandbox: {campaign: 'save-the-reef', gateway: {type: 'sandbox', delayMs: 5}},
} satisfies Record<string, DonateFormConfigInput>;

/** Configs the schema refuses, each with the key its error box must name. */
export const DONATE_FORM_WRONG_CONFIGS = {
  misspelledKey: {config: {campaign: 'save-the-reef', frequncies: ['monthly']}, key: 'frequncies'},
  wrongValue: {config: {campaign: 'save-the-reef', size: 'huge'}, key: 'size'},
} as const;
