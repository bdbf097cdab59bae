import type { Currency } from '@estately/domain';
import { useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import { chooseDisplayCurrency } from '../lib/currency-choice.ts';
import { useToast } from '../toasts/toast-provider.tsx';

// The currency prices are shown in. The choice lives in the `currency` cookie (a year, like the
// locale); loaders read it, so the page reloads its data after a change. The filter panel's
// currency field is the same choice (decision 048).

export function CurrencySwitcher(props: {
  current: Currency;
  currencies: readonly Currency[];
  label: string;
  savedText: string;
}) {
  const revalidator = useRevalidator();
  const toast = useToast();
  // The choice shows at once; the loaders' answer (the cookie read back) confirms it.
  const [value, setValue] = useState(props.current);
  useEffect(() => setValue(props.current), [props.current]);
  return (
    <label className="currency-switcher">
      <span className="visually-hidden">{props.label}</span>
      <select
        name="currency"
        value={value}
        data-testid="currency-switcher"
        onChange={(event) => {
          setValue(event.target.value as Currency);
          chooseDisplayCurrency(event.target.value as Currency);
          toast.show(props.savedText, 'success');
          revalidator.revalidate().catch(() => undefined);
        }}
      >
        {props.currencies.map((currency) => (
          <option key={currency} value={currency}>
            {currency}
          </option>
        ))}
      </select>
    </label>
  );
}
