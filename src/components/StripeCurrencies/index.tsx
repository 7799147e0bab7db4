import type {ReactNode} from 'react';
import {smallestUnit, stripeMinimums, ZERO_DECIMAL_CURRENCIES} from '@site/src/coral/shared/money';
import ReferenceTable, {type Column} from '@site/src/components/ReferenceTable';

type Row = ReturnType<typeof stripeMinimums>[number];

const SOURCE: Record<Row['source'], string> = {
  stripe: 'Stripe’s table',
  'usd-equivalent': 'Coral’s rule: the equivalent of USD 1',
};

const columns: readonly Column<Row>[] = [
  {label: 'Currency', cell: (row) => <code>{row.currency}</code>, rowHeader: true},
  // As a config writes it: amounts in the currency's units, `min: 3` for three Fiji dollars.
  {label: 'Smallest min', cell: (row) => <code>{row.minimum}</code>},
  {label: 'Cents', cell: (row) => (smallestUnit(row.currency) === 100 ? 'none: whole units only' : 'yes')},
  {label: 'Where the figure comes from', cell: (row) => SOURCE[row.source]},
];

/**
 * The smallest charge Stripe takes in each currency whose minimum Coral knows, read from the one table the config
 * check, the endpoint and the tests' Stripe stand-in share (src/coral/shared/money/stripeCurrencies.ts).
 */
export function StripeMinimums(): ReactNode {
  return (
    <ReferenceTable
      caption="The smallest min a donate form takes, by currency"
      columns={columns}
      rows={stripeMinimums()}
      rowKey={(row) => row.currency}
      rowId={(row) => `minimum-${row.currency.toLowerCase()}`}
    />
  );
}

/** Stripe's zero-decimal currencies, from the same table, as a sentence's list. */
export function ZeroDecimalCurrencies(): ReactNode {
  return (
    <>
      {ZERO_DECIMAL_CURRENCIES.map((currency, i) => (
        <span key={currency}>
          {i > 0 && ', '}
          <code>{currency}</code>
        </span>
      ))}
    </>
  );
}
