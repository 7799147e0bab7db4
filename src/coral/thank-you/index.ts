/** The thank-you page's public door: the component, with all that its core door (./core.ts) holds. */
export {ThankYou, type ThankYouProps} from './ThankYou';
export * from './core';
