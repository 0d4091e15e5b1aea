import { formatMoney, islandAttributes } from '@lectern/sdk/site';
import { productImageUrl } from '../shop-product.js';
import { ShopStyles } from '../styles.js';
import { GRID_MAX, gridKey, gridSettings, productRefOf, shopBlockDataOf, type ShopBlockCard, type ShopBlockData } from './block-settings.js';
import { productField } from './product-picker.js';

/** The `puck` prop our blocks read: the page's plugin data arrives as metadata (none in the editor). */
interface PuckProp {
  metadata?: { pluginData?: Record<string, unknown> };
}

/** In the editor no page data is loaded: the block says what it will show on the site. */
function Placeholder({ text }: { text: string }) {
  return (
    <div className="shop-block-placeholder" data-testid="shop-block-placeholder">
      <ShopStyles />
      {text}
    </div>
  );
}

const titleOf = (value: unknown): string =>
  typeof value === 'object' && value !== null && typeof (value as { title?: unknown }).title === 'string' ? (value as { title: string }).title : '';

/**
 * A buy button: the `buy-button` island with the product in its props; without JavaScript, a link
 * that puts the product in the cart at /checkout.
 */
function BuyLink({ product, label, words }: { product: ShopBlockCard; label: string; words: ShopBlockData['words'] }) {
  const { excerpt: _excerpt, ...compact } = product;
  const text = label !== '' ? label : product.type === 'subscription' ? words.subscribe : words.addToCart;
  return (
    <div className="shop-buy-slot" {...islandAttributes('ecommerce', 'buy-button', { product: compact, label })}>
      <a className="button button--primary" href={`/checkout?add=${product.id}`} data-testid="buy-fallback">
        {text}
      </a>
    </div>
  );
}

function Card({ product, data, storageUrl }: { product: ShopBlockCard; data: ShopBlockData; storageUrl: string }) {
  const image = productImageUrl(product.image, storageUrl);
  const every = data.words.periods[product.id] ?? '';
  return (
    <li className="shop-card" data-testid="product-card" data-product={product.id}>
      {image === null ? null : <img className="shop-card__image" src={image} alt="" loading="lazy" />}
      <h3 className="shop-card__title">{product.title}</h3>
      <span className="shop-card__price" data-testid="product-price">
        {product.was === null ? null : (
          <>
            <s className="shop-card__was" data-testid="product-was">
              {formatMoney(product.was, data.currency)}
            </s>{' '}
          </>
        )}
        {formatMoney(product.amount, data.currency)}
        {every}
      </span>
      {product.excerpt === '' ? null : <p className="shop-card__text">{product.excerpt}</p>}
      <BuyLink product={product} label="" words={data.words} />
    </li>
  );
}

/** Stored image paths live in the site's public storage, on the page's own host. */
const STORAGE = '/storage/v1/object/public';

interface CardProps {
  product?: unknown;
  puck?: PuckProp;
}

function ProductCardBlock({ product, puck }: CardProps) {
  const id = productRefOf(product);
  const data = shopBlockDataOf(puck?.metadata?.pluginData);
  if (data === null) return <Placeholder text={id === null ? 'Product card: choose a product' : `Product card: ${titleOf(product) || id}`} />;
  const card = id === null ? undefined : data.products[id];
  // A product taken down leaves no hole on the page.
  if (card === undefined) return null;
  return (
    <ul className="shop-products shop-products--single" data-testid="product-card-block">
      <ShopStyles />
      <Card product={card} data={data} storageUrl={STORAGE} />
    </ul>
  );
}

interface GridProps {
  title?: string;
  mode?: 'newest' | 'chosen';
  count?: number;
  products?: unknown;
  puck?: PuckProp;
}

function ProductGridBlock({ title, mode, count, products, puck }: GridProps) {
  const settings = gridSettings({ mode, count, products });
  const data = shopBlockDataOf(puck?.metadata?.pluginData);
  if (data === null)
    return (
      <Placeholder
        text={settings.mode === 'chosen' ? `Product grid: ${settings.ids.length} chosen products` : `Product grid: the ${settings.count} newest products`}
      />
    );
  const cards = (data.grids[gridKey(settings)] ?? []).map((id) => data.products[id]).filter((card): card is ShopBlockCard => card !== undefined);
  return (
    <section className="container shop-grid" data-testid="product-grid">
      <ShopStyles />
      {title === undefined || title.trim() === '' ? null : <h2>{title}</h2>}
      {cards.length === 0 ? (
        <p>{data.words.empty}</p>
      ) : (
        <ul className="shop-products">
          {cards.map((card) => (
            <Card key={card.id} product={card} data={data} storageUrl={STORAGE} />
          ))}
        </ul>
      )}
    </section>
  );
}

interface ButtonProps {
  product?: unknown;
  label?: string;
  puck?: PuckProp;
}

function BuyButtonBlock({ product, label, puck }: ButtonProps) {
  const id = productRefOf(product);
  const data = shopBlockDataOf(puck?.metadata?.pluginData);
  const text = typeof label === 'string' ? label.trim().slice(0, 80) : '';
  if (data === null) return <Placeholder text={id === null ? 'Buy button: choose a product' : `Buy button: ${titleOf(product) || id}`} />;
  const card = id === null ? undefined : data.products[id];
  if (card === undefined) return null;
  return <BuyLink product={card} label={text} words={data.words} />;
}

/** The shop's Puck blocks (the visual editor and the site draw the same configs). */
export const shopBlocks = {
  ProductCard: {
    label: 'Product card',
    fields: { product: productField('Product') },
    defaultProps: { product: null },
    render: ProductCardBlock,
  },
  ProductGrid: {
    label: 'Product grid',
    fields: {
      title: { type: 'text', label: 'Title' },
      mode: {
        type: 'radio',
        label: 'Show',
        options: [
          { label: 'The newest products', value: 'newest' },
          { label: 'Chosen products', value: 'chosen' },
        ],
      },
      count: { type: 'number', label: 'Newest: how many', min: 1, max: GRID_MAX },
      products: {
        type: 'array',
        label: 'Chosen products',
        max: GRID_MAX,
        arrayFields: { product: productField('Product') },
        getItemSummary: (item: { product?: unknown }) => titleOf(item.product) || 'Product',
      },
    },
    defaultProps: { title: 'Products', mode: 'newest', count: 6, products: [] },
    render: ProductGridBlock,
  },
  BuyButton: {
    label: 'Buy button',
    fields: { product: productField('Product'), label: { type: 'text', label: 'Label (empty: "Add to cart")' } },
    defaultProps: { product: null, label: '' },
    render: BuyButtonBlock,
  },
} as const;

export const shopBlockCategories = {
  shop: { title: 'Shop', components: ['ProductCard', 'ProductGrid', 'BuyButton'] },
};
