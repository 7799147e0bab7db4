/**
 * The powerform's config checked and, when wrong, explained in words: for the
 * endpoint, the docs and the tests, which always want the words. No form's
 * code imports this door; a form checks its config with `checkPowerformConfig`
 * (./core.ts) and fetches the explanation only when it has one to show.
 */
import type {ParseResult} from '../shared/config';
import {parseConfig} from '../shared/configErrors';
import {powerformSchema, type PowerformConfig} from './schema';

/** Checks a powerform config and explains a wrong one. */
export const parsePowerformConfig = (input: unknown): ParseResult<PowerformConfig> => parseConfig(powerformSchema, input);
