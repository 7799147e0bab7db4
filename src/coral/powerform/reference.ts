/** The powerform's config reference rows, for the docs. */
import {referenceRows} from '../shared/reference';
import {powerformSchema} from './schema';

export const powerformReference = () => referenceRows(powerformSchema);
