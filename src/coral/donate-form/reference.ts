/** The donate form's config reference rows, for the docs. */
import {referenceRows} from '../shared/reference';
import {donateFormSchema} from './schema';

export const donateFormReference = () => referenceRows(donateFormSchema);
