/** Money and gifts: amounts in cents, frequencies, and the monthly ask's suggestion. */
export {FREQUENCIES, type Frequency, isOngoing, RECURRING} from './frequency';
export {type Cents, currencySymbol, dollars, formatMoney, parseAmount, percentOf} from './money';
export {type AmountLimits, rgUpgradeSuggestion} from './upgrade';
