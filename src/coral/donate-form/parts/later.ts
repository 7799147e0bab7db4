/**
 * The parts of the donate form a first view does not draw, fetched together
 * as one file when the first of them is needed: the payment fields (a
 * processor's, for the `stripe` gateway, or the sandbox's test fields), the
 * bot check (a config with a site key), and what shows after a gift (the
 * receipt, or the way to a hosted payment page).
 */
export {BotCheck} from './BotCheck';
export {ProcessorFields} from './ProcessorFields';
export {Leaving, Receipt} from './Receipt';
export {TestFields} from './TestFields';
