/** What only the docs read about the donate form: its options' descriptions and its reference page. */
export {DONATE_FORM_OPTIONS} from './options';
export {donateFormDocs} from './reference';
