/**
 * Coral's embed: one script that defines a custom element for each component.
 *
 *   <script type="module" src="https://…/gpap-coral/coral/coral.js"></script>
 *   <coral-donate-form config='{"campaign":"save-the-reef"}'></coral-donate-form>
 *
 * The first script holds the runtime, the form plumbing every component
 * shares and the donate form's config check, so a wrong donate form config is
 * caught before any form code arrives (its explanation is fetched then); a
 * component's own code loads when the first element of its kind appears, and
 * the powerform's and thank-you page's config checks come with theirs.
 */
import type {DonateFormHandle} from '../coral/donate-form';
import {checkDonateFormConfig} from '../coral/donate-form/core';
import {coralElement, defineOnce, type ComponentLoader} from './element';
import type {CoralDonateFormElement as PublicDonateFormElement} from './public';

/**
 * A component as its element renders it. Each loader names the one export it
 * takes, `import(…).then(({Name}) => …)`, which is how the bundler sees that
 * the rest of the module's exports need not come along with the chunk.
 */
const asElement = (component: unknown) => component as Awaited<ReturnType<ComponentLoader>>;

const DonateFormBase = coralElement({
  component: 'donate form',
  check: checkDonateFormConfig,
  headingLevels: [2, 3, 4],
  withHandle: true,
  load: () => import('../coral/donate-form').then(({DonateForm}) => asElement(DonateForm)),
});

/** `<coral-donate-form>`: the donate form, with `setAmount()` for the page's own buttons. */
export class CoralDonateFormElement extends DonateFormBase implements PublicDonateFormElement {
  /** Selects an amount in dollars, optionally switching the frequency, as a supporter's click would. */
  setAmount(amount: number, frequency?: Parameters<DonateFormHandle['setAmount']>[1]): void {
    // Called before the form's code has arrived, it is kept and applied once the form is ready.
    this.withHandle((handle) => (handle as DonateFormHandle).setAmount(amount, frequency));
  }
}

export const CoralPowerformElement = coralElement({
  component: 'powerform',
  headingLevels: [2, 3, 4],
  load: () => import('../coral/powerform').then(({Powerform}) => asElement(Powerform)),
});

export const CoralThankYouElement = coralElement({
  component: 'thank-you',
  headingLevels: [1, 2, 3],
  load: () => import('../coral/thank-you').then(({ThankYou}) => asElement(ThankYou)),
});

defineOnce('coral-donate-form', CoralDonateFormElement);
defineOnce('coral-powerform', CoralPowerformElement);
defineOnce('coral-thankyou', CoralThankYouElement);

/** The elements as the public types describe them (./public.ts, bundled into coral.d.ts). */
export type {CoralEventMap} from './public';
