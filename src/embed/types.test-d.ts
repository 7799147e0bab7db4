/**
 * Type-level checks of the embed's global maps. Nothing here runs: `tsc -p .`
 * (npm run typecheck, part of npm test) reads this file, so a wrong entry in
 * HTMLElementTagNameMap or GlobalEventHandlersEventMap fails the type check.
 */
import {expectTypeOf} from 'vitest';
import type {CoralDonateFormElement, CoralEventMap} from './elements';
import type {CoralDonateFormElement as PublicDonateFormElement} from './public';
import type {PowerformConfig} from '../coral/powerform/core';

// The elements, in querySelector and createElement, as the published types (public.ts) describe them; the class matches them.
expectTypeOf(() => document.querySelector('coral-donate-form')).returns.toEqualTypeOf<PublicDonateFormElement | null>();
expectTypeOf<CoralDonateFormElement>().toExtend<PublicDonateFormElement>();
expectTypeOf(() => document.createElement('coral-powerform')).returns.toEqualTypeOf<HTMLElementTagNameMap['coral-powerform']>();
expectTypeOf<HTMLElementTagNameMap['coral-donate-form']['setAmount']>().parameters.toEqualTypeOf<
  [amount: number, frequency?: 'one-off' | 'weekly' | 'monthly' | 'daily']
>();
expectTypeOf<HTMLElementTagNameMap['coral-powerform']>().toExtend<HTMLElement>();
expectTypeOf<HTMLElementTagNameMap['coral-thankyou']>().toExtend<HTMLElement>();

// Each coral: event's detail, in addEventListener.
expectTypeOf<GlobalEventHandlersEventMap['coral:handoff']>().toEqualTypeOf<CoralEventMap['coral:handoff']>();
expectTypeOf<GlobalEventHandlersEventMap['coral:handoff']['detail']['status']>().toEqualTypeOf<
  'greeted' | 'none' | 'expired' | 'corrupt' | 'unavailable'
>();
expectTypeOf<GlobalEventHandlersEventMap['coral:success']['detail']>().toHaveProperty('campaign');
expectTypeOf<GlobalEventHandlersEventMap['coral:share']>().toExtend<CustomEvent>();

// The published event types spell out what the configs allow, so coral.d.ts needs no schema library.
expectTypeOf<GlobalEventHandlersEventMap['coral:invalid']['detail']['variant']>().toEqualTypeOf<PowerformConfig['variant']>();
