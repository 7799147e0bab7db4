/**
 * The powerform's named example configs: the demo pages, the docs' live
 * forms and the component tests all take theirs from here, and the shared
 * component suite checks every one of them.
 */
import type {PowerformConfigInput} from './schema';

export const POWERFORM_EXAMPLES = {
  /** /demos/powerform: a petition with every field, one extra question and the counter. */
  petition: {
    campaign: 'ban-deep-sea-mining',
    sourceCode: 'PETITION-DSM',
    locale: 'en-AU',
    fields: {firstName: 'required', lastName: 'optional', email: 'required', phone: 'optional', postcode: 'required'},
    question: {
      type: 'choice',
      id: 'coastline',
      label: 'Which coastline matters most to you?',
      options: ['Great Barrier Reef', 'Torres Strait', 'Coral Sea islands', 'Somewhere else'],
    },
    counter: {enabled: true, count: 48_317, goal: 75_000},
    urlParams: true,
    analytics: true,
  },

  /** /demos/powerform-leads: the shortest form, for lead generation. */
  leads: {
    campaign: 'plastic-free-pacific',
    sourceCode: 'LEADS-PLASTIC',
    variant: 'leads',
    fields: {lastName: 'hidden', phone: 'hidden'},
    counter: {enabled: false},
    messages: {
      heading: 'Get the plastic-free guide',
      submit: 'Send me the guide',
    },
  },

  /** /demos/daisychain-page-1: a petition that hands its signers to a donation ask. */
  daisychainPetition: {
    campaign: 'protect-the-pacific',
    sourceCode: 'DAISY-1',
    fields: {firstName: 'required', lastName: 'optional', email: 'required', phone: 'optional', postcode: 'required'},
    counter: {enabled: true, count: 12_480, goal: 20_000},
    success: {type: 'daisychain', url: '/gpap-coral/demos/daisychain-page-2'},
  },

  /** The daisychain recipe's live petition, without a counter. */
  daisychainRecipe: {
    campaign: 'protect-the-pacific',
    sourceCode: 'DAISY-RECIPE',
    counter: {enabled: false},
    success: {type: 'daisychain', url: '/gpap-coral/demos/daisychain-page-2'},
  },

  /** The powerform page's live form. */
  docs: {campaign: 'ban-deep-sea-mining', sourceCode: 'DOCS', counter: {count: 48317, goal: 75000}},

  /** /demos/test1: the same config for the React component and the custom element. */
  testBench: {
    campaign: 'ban-deep-sea-mining',
    counter: {count: 48_317, goal: 75_000},
    question: {type: 'text', id: 'why', label: 'Why does the deep sea matter to you?'},
    analytics: true,
  },

  /** The component tests' petition: a source code, a counter, and a sandbox that answers in 5 ms. */
  sandbox: {
    campaign: 'save-the-reef',
    sourceCode: 'PF-REEF',
    counter: {count: 12430, goal: 20000},
    gateway: {type: 'sandbox', delayMs: 5},
  },

  /** The component tests' leads form, with a source code of its own. */
  sandboxLeads: {
    campaign: 'save-the-reef',
    sourceCode: 'LD-REEF',
    counter: {count: 12430, goal: 20000},
    gateway: {type: 'sandbox', delayMs: 5},
    variant: 'leads',
    fields: {lastName: 'hidden', phone: 'hidden'},
  },
} satisfies Record<string, PowerformConfigInput>;

/** Configs the schema refuses, each with the key its error box must name. */
export const POWERFORM_WRONG_CONFIGS = {
  misspelledKey: {config: {campaign: 'save-the-reef', sourceCdoe: 'PF-REEF'}, key: 'sourceCdoe'},
  wrongValue: {config: {campaign: 'save-the-reef', variant: 'short'}, key: 'variant'},
} as const;
