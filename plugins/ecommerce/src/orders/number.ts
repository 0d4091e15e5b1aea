import { randomInt } from 'node:crypto';

// Crockford's base 32 without I, L, O and U: nothing a buyer could misread when quoting it.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** An order number buyers quote (SPEC Orders.order_id): 10 characters, about 50 bits of chance. */
export function newOrderNumber(): string {
  let text = '';
  for (let i = 0; i < 10; i += 1) text += ALPHABET[randomInt(ALPHABET.length)];
  return text;
}
