import { Muted, useSearchInput } from '@lectern/admin/kit';
import { useTranslation } from 'react-i18next';
import { CheckList } from '../shared/CheckList';
import { useChosenContent, useContentSearch, type ContentChoice } from './useContentChoices';

/** The most pages and posts one level keeps for its members (the server's limit). */
export const MAX_CONTENT = 500;

/**
 * "Pages and posts for members": a searched checkbox list of the site's pages and posts (the
 * kernel's content lists); what is ticked stays listed first, with its title, whatever the search.
 */
export function ContentPicker({ selected, onChange }: { selected: readonly string[]; onChange: (ids: string[]) => void }) {
  const { t } = useTranslation('ecommerce-memberships');
  const { typed, setTyped, search } = useSearchInput(() => undefined);
  const found = useContentSearch(search);
  const chosen = useChosenContent(selected, found.isSuccess || found.isError);
  const label = (item: ContentChoice) => {
    const details = [t(`form.contentKind.${item.type}`), ...(item.status === 'published' ? [] : [t(`form.contentStatus.${item.status}`)])].join(', ');
    return t('form.contentLabel', { title: item.title.trim() || t('form.untitled'), details });
  };
  const results = found.data?.items ?? [];
  const options = [
    ...selected.map((id) => {
      const item = chosen.has(id) ? chosen.get(id) : results.find((result) => result.id === id);
      if (item === undefined) return { id, label: t('form.contentLoading', { id: id.slice(0, 8) }) };
      return { id, label: item === null ? t('form.contentGone', { id: id.slice(0, 8) }) : label(item) };
    }),
    ...results.filter((item) => !selected.includes(item.id)).map((item) => ({ id: item.id, label: label(item) })),
  ];
  if (found.isError && results.length === 0 && selected.length === 0) return <Muted role="status">{t('form.contentFailed')}</Muted>;
  return (
    <CheckList
      legend={t('form.content')}
      hint={t('form.contentHint')}
      options={options}
      selected={selected}
      onChange={(ids) => onChange(ids.slice(0, MAX_CONTENT))}
      filterLabel={t('form.contentSearch')}
      search={{ value: typed, onChange: setTyped }}
      emptyText={found.isPending ? t('form.contentLoadingList') : search === '' ? t('form.noContent') : t('form.noContentMatch')}
      note={found.isError ? t('form.contentFailed') : found.data?.more === true ? t('form.contentMore') : null}
      testId="level-content"
    />
  );
}
