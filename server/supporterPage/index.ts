/**
 * A supporter's own page, served by the endpoint: asked for by email, opened by a single-use link for an 8-hour
 * session, it shows their gifts, receipts, statements and signatures, changes or stops a regular gift, corrects their
 * details, gives everything held, and forgets them.
 */
export {LINK_SECONDS, linkToSend, SESSION_SECONDS, supporterCookie} from './access';
export {composeLink} from './linkMail';
export {
  answerMeDetails,
  answerMeDocument,
  answerMeForget,
  answerMeForgetPage,
  answerMeGift,
  answerMeLink,
  answerMeOpen,
  answerMePage,
  answerMeRecords,
  answerMeSignIn,
  answerMeSignOut,
  LINKS_PER_ADDRESS,
  LINKS_PER_EMAIL,
  type SupporterPageDeps,
} from './routes';
