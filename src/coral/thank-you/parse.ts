/**
 * The thank-you page's config checked and, when wrong, explained in words: for the
 * endpoint, the docs and the tests, which always want the words. No form's
 * code imports this door; a form checks its config with `checkThankYouConfig`
 * (./core.ts) and fetches the explanation only when it has one to show.
 */
import type {ParseResult} from '../shared/config';
import {parseConfig} from '../shared/configErrors';
import {thankYouSchema, type ThankYouConfig} from './schema';

/** Checks a thank-you page config and explains a wrong one. */
export const parseThankYouConfig = (input: unknown): ParseResult<ThankYouConfig> => parseConfig(thankYouSchema, input);
