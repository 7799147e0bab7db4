/**
 * What the endpoint holds from the start that a form loads on demand: the mobile check, and the metadata of every
 * country's mobiles, which the endpoint adds all at once (`addMobiles`) where a form fetches only its own countries'.
 */
export {addMobiles, countryOfMobile, mobileCountries, normaliseMobile, type Mobiles} from './phone';
export {EVERY_COUNTRY} from './mobiles/every';
