/**
 * The donate form's config checked and, when wrong, explained in words: for the
 * endpoint, the docs and the tests, which always want the words. No form's
 * code imports this door; a form checks its config with `checkDonateFormConfig`
 * (./core.ts) and fetches the explanation only when it has one to show.
 */
import type {ParseResult} from '../shared/config';
import {parseConfig} from '../shared/configErrors';
import {donateFormSchema, type DonateFormConfig} from './schema';

/** Checks a donate form config and explains a wrong one. */
export const parseDonateFormConfig = (input: unknown): ParseResult<DonateFormConfig> => parseConfig(donateFormSchema, input);
