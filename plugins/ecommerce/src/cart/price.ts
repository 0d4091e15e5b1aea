import { appError, type DbHandle } from '@lectern/sdk';
import type { OrderLine } from '../db/tables.js';
import { ShopErrors } from '../errors.js';
import { amountNow, productsByIds } from '../products/store.js';
import type { CartItemsWire } from './schemas.js';

/** A cart line as the browser sends it (the CartItems schema). */
export type CartItemInput = CartItemsWire[number];

export interface PricedCart {
  lines: OrderLine[];
  subtotal: number;
  /** Asked-for products that are gone or unpublished: the cart drops them. */
  missing: string[];
}

/**
 * Prices a cart from the stored products, never from what the browser sent: the same product
 * asked twice is one line, a subscription is bought alone and once (SPEC §5: it asks before
 * replacing a cart).
 */
export async function priceCart(db: DbHandle, accountId: string, items: readonly CartItemInput[]): Promise<PricedCart> {
  const quantities = new Map<string, number>();
  for (const item of items) quantities.set(item.id, (quantities.get(item.id) ?? 0) + item.quantity);
  const products = await productsByIds(db, accountId, [...quantities.keys()]);
  const lines: OrderLine[] = [];
  const missing: string[] = [];
  for (const [id, quantity] of quantities) {
    const product = products.get(id);
    if (product === undefined) {
      missing.push(id);
      continue;
    }
    const subscription = product.price_type === 'subscription';
    lines.push({
      product_id: id,
      title: product.title,
      image: product.featured_image,
      quantity: subscription ? 1 : quantity,
      // A sale's price while it is on: carts and orders charge what the product costs now.
      amount: amountNow(product),
      type: product.price_type,
      frequency:
        subscription && product.duration_value !== null && product.duration_parameter !== null
          ? { value: product.duration_value, parameter: product.duration_parameter }
          : null,
    });
  }
  if (lines.length > 1 && lines.some((line) => line.type === 'subscription')) throw appError(ShopErrors.subscriptionAlone);
  const subtotal = lines.reduce((sum, line) => sum + line.amount * line.quantity, 0);
  return { lines, subtotal, missing };
}
