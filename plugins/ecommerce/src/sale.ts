// Shared by the server (pricing, views) and the browser (site/): plain code, no server imports.

/** A product's sale as the API answers it: the lower price (minor units) and when it stops (ISO; null: no end). */
export interface SaleTerms {
  amount: number;
  ends_at: string | null;
}

/** The sale is on at `now` (it has no end, or its end is still ahead); a product read from an older answer may have no sale field. */
export function saleIsOn(sale: SaleTerms | null | undefined, now: number = Date.now()): sale is SaleTerms {
  return sale != null && (sale.ends_at === null || Date.parse(sale.ends_at) > now);
}

/** What the product costs at `now`: the sale price while the sale is on, else the regular price. */
export function priceNow(regular: number, sale: SaleTerms | null, now: number = Date.now()): number {
  return saleIsOn(sale, now) ? sale.amount : regular;
}
