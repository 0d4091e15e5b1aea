/**
 * Currencies the PayPal REST API accepts for payments, from PayPal's "Currency codes" reference
 * (developer.paypal.com/api/rest/reference/currency-codes). BRL, CNY and MYR work for in-country
 * accounts only; INR is left out because PayPal ended domestic INR payments in April 2021.
 */
export const PAYPAL_CURRENCIES: readonly string[] = [
  'AUD',
  'BRL',
  'CAD',
  'CHF',
  'CNY',
  'CZK',
  'DKK',
  'EUR',
  'GBP',
  'HKD',
  'HUF',
  'ILS',
  'JPY',
  'MXN',
  'MYR',
  'NOK',
  'NZD',
  'PHP',
  'PLN',
  'RUB',
  'SEK',
  'SGD',
  'THB',
  'TWD',
  'USD',
];
