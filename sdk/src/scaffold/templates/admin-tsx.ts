import { tsString, type TemplateContext } from './context.js';

/** admin/index.tsx: the dashboard screens by the manifest's menu entry id, each its own chunk. */
export function adminIndexTsx(ctx: TemplateContext): string {
  return `import type { ComponentType } from 'react';

export const screens: Record<string, () => Promise<{ default: ComponentType }>> = { ${tsString(ctx.name)}: () => import('./ItemsScreen') };
`;
}

/** admin/ItemsScreen.tsx: lists the account's items. */
export function itemsScreenTsx(ctx: TemplateContext): string {
  return `import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, PageHeader } from '@lectern/admin/kit';

type Item = { id: string; title: string };

/** The account's items (GET /api/${ctx.name}/items), in the dashboard's language. */
export default function ItemsScreen() {
  const { t } = useTranslation(${tsString(`${ctx.name}-admin`)});
  const query = useQuery({ queryKey: [${tsString(ctx.name)}], queryFn: () => api<{ items: Item[] }>(${tsString(`/api/${ctx.name}/items`)}) });
  const items = query.data?.items ?? [];
  return (
    <>
      <PageHeader title={t('title')} />
      {items.length === 0 ? <p>{t('empty')}</p> : items.map((item) => <p key={item.id}>{item.title}</p>)}
    </>
  );
}
`;
}
