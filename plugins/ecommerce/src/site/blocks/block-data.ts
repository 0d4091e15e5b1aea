import { currencyDigits, type BlockDataInput } from '@lectern/sdk';
import { shopDb } from '../../db/tables.js';
import { productPage, productView, productsByIds, type ProductRow } from '../../products/store.js';
import { periodText } from '../../price-label.js';
import { shopProductOf } from '../shop-product.js';
import { excerptOf, gridKey, gridSettings, productRefOf, type ShopBlockCard, type ShopBlockData } from './block-settings.js';

const cardOf = (row: ProductRow): ShopBlockCard => ({ ...shopProductOf(productView(row)), excerpt: excerptOf(row.description) });

/**
 * Loads the published products the page's shop blocks show: one list per distinct "newest" grid,
 * then one query for every product picked by cards, buttons and chosen grids.
 */
export async function loadShopBlockData({ db: anyDb, accountId, blocks, currency, t }: BlockDataInput): Promise<ShopBlockData> {
  const db = shopDb(anyDb);
  const data: ShopBlockData = {
    currency: { code: currency, digits: currencyDigits(currency) },
    products: {},
    grids: {},
    words: { addToCart: t('shop.addToCart'), subscribe: t('shop.subscribe'), empty: t('shop.empty'), periods: {} },
  };
  const picked = new Set<string>();
  for (const block of blocks) {
    if (block.type === 'ProductGrid') {
      const settings = gridSettings(block.props);
      const key = gridKey(settings);
      if (key in data.grids) continue;
      if (settings.mode === 'chosen') {
        settings.ids.forEach((id) => picked.add(id));
        data.grids[key] = settings.ids;
        continue;
      }
      const items = await productPage(db, accountId, { from: 0, to: settings.count - 1, sort: 'created_at.desc', status: 'published' });
      data.grids[key] = items.map((item) => item.id);
      for (const item of items) data.products[item.id] = { ...shopProductOf(item), excerpt: excerptOf(item.description) };
    } else if (block.type === 'ProductCard' || block.type === 'BuyButton') {
      const id = productRefOf(block.props.product);
      if (id !== null) picked.add(id);
    }
  }
  const wanted = [...picked].filter((id) => !(id in data.products));
  for (const row of (await productsByIds(db, accountId, wanted)).values()) data.products[row.id] = cardOf(row);
  for (const card of Object.values(data.products)) data.words.periods[card.id] = periodText(t, card.frequency);
  return data;
}
