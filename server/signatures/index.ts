/**
 * Signatures: a powerform's signature checked against its campaign, its route, and each petition's live count.
 */
export {answerCount, COUNT_PATH, sharedCounts} from './countRoute';
export {type CheckedSignature, checkSignature} from './signature';
export {answerSignature} from './signatureRoute';
