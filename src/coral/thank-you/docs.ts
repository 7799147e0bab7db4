/** What only the docs read about the thank-you page: its options' descriptions and its reference page. */
export {THANK_YOU_OPTIONS} from './options';
export {thankYouDocs} from './reference';
