/**
 * What each of the powerform's options means, by path, for the config
 * reference and the Customise tab. Docs only: the form never imports it.
 */
import {CAMPAIGN_PARAM, ROUTES} from '../contract/paths';
import {ANALYTICS, COUNTRIES, LOCALE, messageOptions, SHARE, signupGatewayOptions, THEME, type OptionsOf} from '../shared/docs';
import {POWERFORM_MESSAGES} from './messages';
import type {PowerformConfigInput} from './schema';

const COUNT_PATH = ROUTES.count.path.replace(CAMPAIGN_PARAM, '<campaign>');

export const POWERFORM_OPTIONS = {
  campaign: 'The campaign id recorded with every signature.',
  sourceCode: 'Lead source code recorded with every signature, for reporting.',
  variant: 'petition: the full signup with its counter; leads: the shortest form, for lead generation.',
  locale: LOCALE,
  countries: COUNTRIES,
  fields: 'Which fields are required, optional or hidden.',
  'fields.firstName': 'First name field.',
  'fields.lastName': 'Last name field.',
  'fields.email': 'Email field.',
  'fields.phone': 'Mobile field: numbers of the countries the form takes, and of Australia and New Zealand.',
  'fields.postcode': 'Postcode field, asked only where the supporter’s country has postcodes, in its format.',
  consentRequired: 'Make the consent box required to sign. It always starts unticked.',
  question: 'One extra question: {"type":"text"} for a short answer or {"type":"choice","options":[…]} for radio buttons.',
  'question.id':
    'The answer\'s name in the signature sent: a lowercase letter, then up to 31 lowercase letters, digits or underscores, e.g. "why_it_matters".',
  'question.label': 'The question as the signer reads it.',
  'question.options': 'The answers to choose from, 2 to 8, in order.',
  'question.required': 'Refuse a signature without an answer.',
  counter: 'The signature counter.',
  'counter.enabled': 'Show the signature counter and progress bar.',
  'counter.count': 'Signatures so far, when the page was published: shown until the live count arrives, and whenever it cannot.',
  'counter.goal': 'The goal the progress bar fills towards.',
  'counter.url':
    'Where to read the live count, in full: an https address or a path on the page\'s own site (http only for localhost), answering GET with {"campaign": "<campaign>", "count": N}, ' +
    `such as the reference endpoint's ${COUNT_PATH} under its base URL (the http gateway's endpoint): https://pay.example.org${COUNT_PATH}. ` +
    'Read once as the form loads, without cookies; an answer for another campaign, an error or no answer within 8 s leaves count showing.',
  ...signupGatewayOptions('signatures'),
  success:
    'After signing: {"type":"inline"} thanks the signer in place; {"type":"redirect","url":…} goes to a page; {"type":"daisychain","url":…} hands the signer to a donate form page.',
  'success.url': 'The page to go to: with daisychain, a donate form page that greets the signer and fills in their details.',
  ...SHARE,
  updateTitle:
    "Let the form put Error: before the page's title while its error summary shows, as the browser tab and screen readers name the page. The page's own title comes back once the problems are fixed. Turn it off where nothing but the page may set its title.",
  urlParams: 'Prefill names, email, phone and postcode, and carry utm parameters, from the URL.',
  analytics: ANALYTICS,
  theme: THEME,
  ...messageOptions(POWERFORM_MESSAGES, ['intro']),
} satisfies OptionsOf<PowerformConfigInput>;
