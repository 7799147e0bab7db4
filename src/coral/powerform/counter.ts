/** The signature counter: which number it shows, the numbers in the signer's locale, and how full the bar is. */
import {fill} from '../shared/basics';

export type Counter = {count: number; goal: number};

/** The signer's own signature, once accepted, counts at once: nothing waits for the endpoint. */
export const withSignature = (shown: number): number => shown + 1;

/**
 * The count to show when the endpoint's number arrives. Before the signer
 * signs it is the truth, even below the configured count, which was typed when
 * the page was published. After, the endpoint already counts the signer, so a
 * smaller number was read before their signature reached it: the counter keeps
 * what it shows rather than step back.
 */
export const withLiveCount = (shown: number, live: number, signed: boolean): number => (signed && live < shown ? shown : live);

/** How far towards the goal, as a whole percentage from 0 to 100. */
export const progressPercent = ({count, goal}: Counter): number => Math.min(100, Math.max(0, Math.floor((count / goal) * 100)));

/** "12,430 of 20,000 signatures", or the goal-reached line once past it. */
export function counterText({count, goal}: Counter, locale: string, templates: {counter: string; counterGoalReached: string}): string {
  const number = new Intl.NumberFormat(locale);
  const values = {count: number.format(count), goal: number.format(goal)};
  return fill(count >= goal ? templates.counterGoalReached : templates.counter, values);
}
