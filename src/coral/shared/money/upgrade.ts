/** The monthly gift suggested to a one-off donor: one rule for the donate form's ask and the thank-you page's. */
import {dollars, type Cents} from './money';

export type AmountLimits = {min: Cents; max: Cents};

/**
 * The one-off amount divided by `divisor`, rounded to the nearest `roundTo`
 * dollars, never below the monthly minimum. Null when that is above the
 * monthly maximum: the ask never suggests an amount the monthly form would
 * refuse, so there is no ask.
 */
export function rgUpgradeSuggestion(oneOff: Cents, rule: {divisor: number; roundTo: number}, monthly: AmountLimits): Cents | null {
  const step = dollars(rule.roundTo);
  const rounded = Math.round(oneOff / rule.divisor / step) * step;
  const suggested = Math.max(rounded, monthly.min, step);
  return suggested > monthly.max ? null : suggested;
}
