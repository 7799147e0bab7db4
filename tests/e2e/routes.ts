/** Every route of the site spec, in one place: the browser tests open each. A new page adds its route here. */
import {DONATE_DEMOS} from '../../scripts/lib/demos.mjs';

export {DONATE_DEMOS};

export const BASE = '/gpap-coral';

export const LIVE_ROUTES = [
  '/',
  '/hello',
  '/blog',
  '/blog/archive',
  '/blog/authors',
  '/blog/launch',
  '/blog/tags',
  '/blog/tags/components',
  '/blog/tags/coral',
  '/blog/tags/react',
  '/blog/tags/webapps',
  '/docs/intro',
  '/docs/doc1',
  '/docs/mdx',
  '/docs/donate-form-config',
  '/docs/donate-form-demos',
  '/docs/donate-form-setup',
  '/docs/taking-payments',
  '/docs/publishing-forms',
  '/docs/results-and-experiments',
  '/docs/signatures-and-records',
  '/docs/supporters-privacy',
  '/docs/powerform',
  '/docs/thank-you',
  '/docs/category/recipes',
  '/docs/recipes/donate-form-daily-for-one-week',
  '/docs/recipes/donate-form-daisychain',
  '/docs/recipes/donate-form-external-dollar-handles',
  '/docs/recipes/donate-form-large',
  '/docs/recipes/donate-form-RG-upgrade-on-instapage-thankyou',
  '/docs/recipes/donate-form-using-url-params',
  '/docs/recipes/donate-form-weekly',
  '/docs/recipes/powerform-whole-pacific',
  ...DONATE_DEMOS,
  '/demos/powerform',
  '/demos/powerform-leads',
  '/demos/powerform-pacific',
  '/demos/daisychain-page-1',
  '/demos/daisychain-page-2',
  '/demos/thankyou',
  '/demos/thankyou-photography',
  '/demos/test1',
] as const;

export const url = (route: string): string => (route === '/' ? `${BASE}/` : BASE + route);
