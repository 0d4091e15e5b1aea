/**
 * The visual editor's form picker (a Puck "external" field): lists the site's published forms
 * through the public list (GET /api/marketing/public/forms) and stores `{ id, title }`. Runs in the
 * dashboard, on the site's own host.
 */
export interface PickedForm {
  id: string;
  title: string;
}

async function searchForms({ query }: { query: string }): Promise<PickedForm[]> {
  const params = new URLSearchParams();
  if (query.trim() !== '') params.set('search', query.trim().slice(0, 200));
  const response = await fetch(`/api/marketing/public/forms?${params.toString()}`, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
  if (!response.ok) return [];
  const body = (await response.json()) as { items?: Array<{ id: string; name: string }> };
  return (body.items ?? []).map(({ id, name }) => ({ id, title: name }));
}

export const formField = (label: string) => ({
  type: 'external' as const,
  label,
  placeholder: 'Choose a published form',
  showSearch: true,
  fetchList: searchForms,
  mapProp: (item: PickedForm): PickedForm => ({ id: item.id, title: item.title }),
  mapRow: (item: PickedForm) => ({ title: item.title }),
  getItemSummary: (item: PickedForm | string | undefined) => (typeof item === 'object' && item !== null ? item.title : 'Choose a form'),
});
