/**
 * Gifts: a gift's check against its campaign, the Stripe objects behind it, the hosted checkout, the one-tap monthly
 * gift, what Stripe's events mean for the records, and their routes.
 */
export {checkCheckout} from './checkout';
export {answerCheckout} from './checkoutRoute';
export {type CheckedGift, checkGift, parseCampaigns} from './gift';
export {answerGift} from './giftRoute';
export {stripeDeadline} from './routeParts';
export {campaignProducts, type PendingGift} from './stripeGifts';
export {answerUpgrade} from './upgradeRoute';
export {answerWebhook} from './webhookRoute';
export {WEBHOOK_API_VERSION, WEBHOOK_EVENTS} from './webhooks';
