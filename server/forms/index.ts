/**
 * Forms published on the endpoint: a config checked by its component's own parse, kept in numbered versions, imported
 * from the campaigns file, and the routes that publish and read them.
 */
export {checkForm, publishedBy} from './check';
export {admitted, answerForm, answerFormList, answerPublish, FORM_PATH} from './formsRoute';
export {campaignForms, importForms} from './import';
export {listForms, publishForm, readForm, refusal} from './store';
export {checkedAgainst, newestPowerforms, publishedConfigs, type VersionReader} from './versions';
