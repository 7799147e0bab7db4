/**
 * The thank-you component's named example configs: the demo pages, the docs'
 * live examples and the component tests all take theirs from here, and the
 * shared component suite checks every one of them.
 */
import type {ThankYouConfigInput} from './schema';

const reef = (width: number) => `/gpap-coral/img/thankyou/reef-${width}.svg`;

export const THANK_YOU_EXAMPLES = {
  /** /demos/thankyou: thanks, receipt, sharing and the monthly ask, with analytics. */
  standard: {
    campaign: 'save-the-reef',
    urlParams: true,
    share: {url: 'https://www.greenpeace.org.au/'},
    upgrade: {sourceCode: 'TY-UPGRADE'},
    analytics: true,
  },

  /** /demos/thankyou-photography: the same under a full-width photograph in three widths. */
  photography: {
    campaign: 'save-the-reef',
    variant: 'photography',
    urlParams: true,
    photo: {
      src: reef(960),
      srcset: [480, 960, 1600].map((width) => ({src: reef(width), width})),
      width: 1600,
      height: 900,
      alt: 'Illustration of a coral reef at dusk: a turtle and a school of fish above branching corals, an island on the horizon',
      caption: 'A reef at dusk in the Coral Sea',
      credit: 'Illustration: Coral',
    },
    share: {url: 'https://www.greenpeace.org.au/'},
  },

  /** The thank-you page's and the React set-up's live example: the gift read from the page's address. */
  urlParams: {campaign: 'save-the-reef', urlParams: true},

  /** The RG upgrade recipe's live example: the ask with its own source code. */
  upgradeRecipe: {
    campaign: 'save-the-reef',
    urlParams: true,
    upgrade: {sourceCode: 'TY-UPGRADE'},
    share: {url: 'https://www.greenpeace.org.au/'},
  },

  /** /demos/test1: the same config for the React component and the custom element. */
  testBench: {
    campaign: 'save-the-reef',
    urlParams: true,
    share: {url: 'https://www.greenpeace.org.au/'},
    analytics: true,
  },

  /** The component tests' page: every default. */
  sandbox: {campaign: 'save-the-reef'},

  /** The component tests' photograph: its widths out of order, which the component sorts. */
  photographyUnsorted: {
    campaign: 'save-the-reef',
    variant: 'photography',
    photo: {
      src: '/img/thankyou/reef-960.webp',
      srcset: [
        {src: '/img/thankyou/reef-1600.webp', width: 1600},
        {src: '/img/thankyou/reef-480.webp', width: 480},
        {src: '/img/thankyou/reef-960.webp', width: 960},
      ],
      width: 1600,
      height: 900,
      alt: 'A coral reef in clear shallow water',
      caption: 'Shallow reef, Coral Sea',
      credit: 'Illustration: Coral',
    },
  },
} satisfies Record<string, ThankYouConfigInput>;

/** Configs the schema refuses, each with the key its error box must name. */
export const THANK_YOU_WRONG_CONFIGS = {
  misspelledKey: {config: {campaign: 'save-the-reef', urlParmas: true}, key: 'urlParmas'},
  wrongValue: {config: {campaign: 'save-the-reef', share: {channels: ['myspace']}}, key: 'share.channels.0'},
} as const;
