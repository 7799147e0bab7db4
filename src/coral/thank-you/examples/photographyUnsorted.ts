import type {ThankYouConfigInput} from '../schema';

/** The component tests' photograph: its widths out of order, which the component sorts. */
export const photographyUnsorted = {
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
} satisfies ThankYouConfigInput;
