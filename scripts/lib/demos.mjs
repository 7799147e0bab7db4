/** The demo pages with a form, shared by the browser tests (`tests/e2e/routes.ts`) and the benchmark. */

/** The donate form's own demos, the ones its gallery lists: each takes a gift with the sandbox's test cards. */
export const DONATE_DEMOS = [
  '/demos/basic-small',
  '/demos/donate-form-daily-one-week',
  '/demos/donate-form-external-dollar-handles',
  '/demos/donate-form-large',
  '/demos/donate-form-marlin-features',
  '/demos/donate-form-medium',
  '/demos/donate-form-weekly',
  '/demos/donate-form-wizard',
];

/** Every demo whose page opens on a form: the donate forms, then the petitions. */
export const FORM_DEMOS = [...DONATE_DEMOS, '/demos/powerform', '/demos/powerform-leads', '/demos/daisychain-page-1'];
