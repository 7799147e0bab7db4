/**
 * A wrong config explained in words: each bad key, the value given and what
 * is allowed. No form's code imports this door: a form checks its config with
 * ../config and fetches the explanation, with its box (../configErrorBox),
 * only when it has a wrong config to show; the endpoint, the docs and the
 * tests, which always want the words, import it directly.
 */
export {describeError, explainConfig, parseConfig} from './explain';
