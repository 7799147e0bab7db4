import type {ThankYouConfigInput} from '../schema';

/** /demos/thankyou-photography: the same under a full-width photograph in three widths. */
export const photography = {
  campaign: 'save-the-reef',
  variant: 'photography',
  urlParams: true,
  photo: {
    // Written out rather than built, so a page that does not show this example does not carry it.
    src: '/gpap-coral/img/thankyou/reef-960.svg',
    srcset: [
      {src: '/gpap-coral/img/thankyou/reef-480.svg', width: 480},
      {src: '/gpap-coral/img/thankyou/reef-960.svg', width: 960},
      {src: '/gpap-coral/img/thankyou/reef-1600.svg', width: 1600},
    ],
    width: 1600,
    height: 900,
    alt: 'Illustration of a coral reef at dusk: a turtle and a school of fish above branching corals, an island on the horizon',
    caption: 'A reef at dusk in the Coral Sea',
    credit: 'Illustration: Coral',
  },
  share: {url: 'https://www.greenpeace.org.au/'},
} satisfies ThankYouConfigInput;
