/**
 * Forms published on the endpoint: a config checked by its component's own parse, kept in numbered versions, imported
 * from the campaigns file, and the routes that publish and read them.
 */
export {checkForm, publishedBy} from './check';
export {admitted, answerForm, answerFormList, answerPublish, FORM_PATH, giftlessForm, unlistedForm} from './formsRoute';
export {campaignForms, importForms} from './import';
export {HOUR_MS, campaignRefusal, versionRefusal, type VersionRules, type VersionStanding} from './standing';
export {listForms, publishForm, readForm, readStanding, refusal, withdrawForm, type Withdrawn} from './store';
export {checkedAgainst, newestPowerforms, publishedConfigs, STANDING_MS, type VersionReader} from './versions';
