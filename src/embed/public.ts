/**
 * The embed's public types: the elements, their methods and their events, as
 * a page's own TypeScript sees them. The embed build bundles these into
 * `coral.d.ts` beside `coral.js`; a test holds the elements to them.
 */
import type {DonateFormEventDetails} from '../coral/donate-form/core';
import type {PowerformEventDetails} from '../coral/powerform/core';
import type {Frequency} from '../coral/shared/money';
import type {ThankYouEventDetails} from '../coral/thank-you/core';

export type {DonateFormEventDetails, Frequency, PowerformEventDetails, ThankYouEventDetails};

/** `<coral-donate-form>`: the donate form. */
export interface CoralDonateFormElement extends HTMLElement {
  /**
   * Selects an amount in dollars, optionally switching the frequency, as a supporter's click would. An amount the
   * form would refuse is ignored, with a console warning; a call made before the form's code has loaded is applied
   * once it has.
   */
  setAmount(amount: number, frequency?: Frequency): void;
}

/** `<coral-powerform>`: a petition or sign-up form. */
export type CoralPowerformElement = HTMLElement;

/** `<coral-thankyou>`: the thank-you page. */
export type CoralThankYouElement = HTMLElement;

type CoralEventName = keyof DonateFormEventDetails | keyof PowerformEventDetails | keyof ThankYouEventDetails;
/** An event's detail: where two components send the same name (coral:success), either component's. */
type DetailOf<Name extends string> =
  | (Name extends keyof DonateFormEventDetails ? DonateFormEventDetails[Name] : never)
  | (Name extends keyof PowerformEventDetails ? PowerformEventDetails[Name] : never)
  | (Name extends keyof ThankYouEventDetails ? ThankYouEventDetails[Name] : never);

/** Every `coral:` event any component sends, by name, as a typed CustomEvent. They bubble and leave shadow roots. */
export type CoralEventMap = {[Name in CoralEventName]: CustomEvent<DetailOf<Name>>};

declare global {
  interface HTMLElementTagNameMap {
    'coral-donate-form': CoralDonateFormElement;
    'coral-powerform': CoralPowerformElement;
    'coral-thankyou': CoralThankYouElement;
  }
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges Coral's events into the DOM's own map
  interface GlobalEventHandlersEventMap extends CoralEventMap {}
}
