/**
 * Type-level checks of the components' props: a config inline, or a published form's id with the endpoint it is on.
 * Nothing here runs: `tsc -p .` reads this file, so a props type that stops saying so fails the type check.
 */
import type {ComponentProps} from 'react';
import {expectTypeOf} from 'vitest';
import type {DonateForm} from './donate-form';
import type {Powerform} from './powerform';
import type {ThankYou} from './thank-you';

type Donate = ComponentProps<typeof DonateForm>;

// A config inline, or a form's id and the endpoint: the same for every component.
expectTypeOf<{config: {campaign: 'save-the-reef'}}>().toExtend<Donate>();
expectTypeOf<{form: 'save-the-reef'; endpoint: 'https://give.example.org'}>().toExtend<Donate>();
expectTypeOf<{form: 'reef-petition'; endpoint: 'https://give.example.org'; fallbackUrl: '/sign'}>().toExtend<
  ComponentProps<typeof Powerform>
>();
expectTypeOf<{form: 'reef-thanks'; endpoint: 'https://give.example.org'; headingLevel: 1}>().toExtend<ComponentProps<typeof ThankYou>>();
// A config given with a form is allowed, and wins.
expectTypeOf<{config: {campaign: 'save-the-reef'}; form: 'save-the-reef'}>().toExtend<Donate>();

// A form's id needs the endpoint it is on; neither a config nor a form is no props at all.
expectTypeOf<{form: 'save-the-reef'}>().not.toExtend<Donate>();
expectTypeOf<{endpoint: 'https://give.example.org'}>().not.toExtend<Donate>();
expectTypeOf<{id: 'donate'}>().not.toExtend<Donate>();
expectTypeOf<{form: 42; endpoint: 'https://give.example.org'}>().not.toExtend<Donate>();
