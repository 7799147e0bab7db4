/** Money and gifts: amounts in cents, frequencies, the monthly ask's suggestion, and a gift's dataLayer pushes. */
export {FREQUENCIES, type Frequency, isOngoing, RECURRING} from './frequency';
export {type Cents, currencySymbol, dollars, formatMoney, parseAmount, percentOf} from './money';
export {type AmountLimits, rgUpgradeSuggestion} from './upgrade';
export {
  fromStripeAmount,
  type MinimumSource,
  smallestUnit,
  stripeMinimum,
  stripeMinimums,
  toStripeAmount,
  ZERO_DECIMAL_CURRENCIES,
} from './stripeCurrencies';
export {type DataLayerEntry, ecommerce, pushDataLayer} from './analytics';
