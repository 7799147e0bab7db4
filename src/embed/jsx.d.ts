/** Coral's custom elements in the site's own React pages (the test bench), with their attributes. */
import type {DetailedHTMLProps, HTMLAttributes} from 'react';

type CoralElementAttributes = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
  /** The config as JSON text. */
  config?: string;
  'heading-level'?: 1 | 2 | 3 | 4;
};

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'coral-donate-form': CoralElementAttributes;
      'coral-powerform': CoralElementAttributes;
      'coral-thankyou': CoralElementAttributes;
    }
  }
}
