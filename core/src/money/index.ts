/** Money: currencies, countries, payment providers and amount formatting (SPEC §3, §9). */
export { CURRENCIES, DEFAULT_CURRENCY, PAYMENT_PROVIDERS, currencyDigits, findCurrency, type CurrencyInfo, type PaymentProvider } from './currencies.js';
export { COUNTRIES, isCountryCode, type Country } from './countries.js';
export { formatMoney, percentOfMinor, toMajor, toMinor, type FormatMoneyOptions, type MoneyCurrency } from './format.js';
