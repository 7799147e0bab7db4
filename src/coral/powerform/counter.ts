/** The signature counter: the numbers in the signer's locale, and how full the bar is. */
import {fill} from '../shared/template';

export type Counter = {count: number; goal: number};

/** How far towards the goal, as a whole percentage from 0 to 100. */
export const progressPercent = ({count, goal}: Counter): number => Math.min(100, Math.max(0, Math.floor((count / goal) * 100)));

/** "12,430 of 20,000 signatures", or the goal-reached line once past it. */
export function counterText({count, goal}: Counter, locale: string, templates: {counter: string; counterGoalReached: string}): string {
  const number = new Intl.NumberFormat(locale);
  const values = {count: number.format(count), goal: number.format(goal)};
  return fill(count >= goal ? templates.counterGoalReached : templates.counter, values);
}
