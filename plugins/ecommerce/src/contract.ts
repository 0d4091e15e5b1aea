import { createToken, type DbHandle } from '@lectern/sdk';

/**
 * @lectern/plugin-ecommerce/contract: what the shop offers other plugins, published once (Plugin
 * API v1). Consumers import the tokens and types from here, never from the shop's code, and
 * resolve them with `ctx.resolveOptional(...)`: the shop is an optional dependency. Types and
 * tokens only: importing this module loads none of the shop.
 */

/** Who bought on the site (a marketing campaign's "customers" audience). */
export interface ShopCustomers {
  /** The members with at least one paid order (refunded and cancelled ones do not count), each once, in one query. */
  customerIds(db: DbHandle, accountId: string): Promise<string[]>;
}

/** The shop's public tokens. */
export const ShopContract = {
  customers: createToken<ShopCustomers>('shop.customers'),
} as const;
