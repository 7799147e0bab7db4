import {describe, expectTypeOf, it} from 'vitest';
import type {CoralDonateFormElement, CoralEventMap} from './coral';

// Type-level checks: `npm test` type-checks this file, so a wrong entry in the global maps fails the run.
describe('the embed’s types', () => {
  it('types the elements in querySelector and createElement', () => {
    const found = () => document.querySelector('coral-donate-form');
    expectTypeOf(found).returns.toEqualTypeOf<CoralDonateFormElement | null>();
    const made = () => document.createElement('coral-powerform');
    expectTypeOf(made).returns.toEqualTypeOf<HTMLElementTagNameMap['coral-powerform']>();
    expectTypeOf<HTMLElementTagNameMap['coral-donate-form']['setAmount']>().parameters.toEqualTypeOf<
      [amount: number, frequency?: 'one-off' | 'weekly' | 'monthly' | 'daily']
    >();
    expectTypeOf<HTMLElementTagNameMap['coral-powerform']>().toMatchTypeOf<HTMLElement>();
    expectTypeOf<HTMLElementTagNameMap['coral-thankyou']>().toMatchTypeOf<HTMLElement>();
  });

  it('types each coral: event’s detail in addEventListener', () => {
    expectTypeOf<GlobalEventHandlersEventMap['coral:handoff']>().toEqualTypeOf<CoralEventMap['coral:handoff']>();
    expectTypeOf<GlobalEventHandlersEventMap['coral:handoff']['detail']['status']>().toEqualTypeOf<
      'greeted' | 'none' | 'expired' | 'corrupt' | 'unavailable'
    >();
    expectTypeOf<GlobalEventHandlersEventMap['coral:success']['detail']>().toHaveProperty('campaign');
    expectTypeOf<GlobalEventHandlersEventMap['coral:share']>().toMatchTypeOf<CustomEvent>();
  });
});
