/** What only the docs read about the powerform: its options' descriptions and its reference page. */
export {POWERFORM_OPTIONS} from './options';
export {powerformDocs} from './reference';
