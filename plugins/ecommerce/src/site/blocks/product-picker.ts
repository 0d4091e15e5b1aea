/**
 * The visual editor's product picker (a Puck "external" field): searches the site's published
 * products through the public list (GET /api/ecommerce/products) and stores `{ id, title }`.
 * Runs in the dashboard, on the site's own host.
 */
export interface PickedProduct {
  id: string;
  title: string;
}

async function searchProducts({ query }: { query: string }): Promise<PickedProduct[]> {
  const params = new URLSearchParams({ to: '49' });
  if (query.trim() !== '') params.set('search', query.trim().slice(0, 200));
  const response = await fetch(`/api/ecommerce/products?${params.toString()}`, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
  if (!response.ok) return [];
  const body = (await response.json()) as { items?: Array<{ id: string; title: string }> };
  return (body.items ?? []).map(({ id, title }) => ({ id, title }));
}

export const productField = (label: string) => ({
  type: 'external' as const,
  label,
  placeholder: 'Choose a product',
  showSearch: true,
  fetchList: searchProducts,
  mapProp: (item: PickedProduct): PickedProduct => ({ id: item.id, title: item.title }),
  mapRow: (item: PickedProduct) => ({ title: item.title }),
  getItemSummary: (item: PickedProduct | string | undefined) => (typeof item === 'object' && item !== null ? item.title : 'Choose a product'),
});
