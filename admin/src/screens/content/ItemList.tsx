import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable } from '../../ui/DataTable';
import { Field } from '../../ui/Field';
import { FilterSelect } from '../../ui/FilterSelect';
import { Icon } from '../../ui/Icon';
import { PageHeader } from '../../ui/PageHeader';
import { Pagination } from '../../ui/Pagination';
import { Badge, Button, Card, Input, Muted, Row } from '../../ui/primitives';
import { QueryView } from '../../ui/QueryView';
import { EmptyState, errorText } from '../../ui/states';
import { TableScroll } from '../../ui/TableScroll';
import { useToast } from '../../ui/toasts';
import { useSearchInput } from '../../ui/useSearchInput';
import { apiBase, CONTENT_STATUSES, ITEMS_PER_PAGE, itemsKey, type ContentItem, type ContentStatus, type ContentType } from './model';
import { HOME_SLUG, previewPath, publicPath } from './slug';
import { StatusBadge, shownStatus } from './StatusBadge';

/**
 * SPEC §2 /dashboard/pages and /dashboard/posts: every item in any status, latest edit first, with
 * search, a status filter and server paging; each opens in the editor (`:id`), can be viewed on the
 * site (drafts as a preview) and deleted after a confirmation. Posts show their categories.
 */
export function ItemList({ type }: { type: ContentType }) {
  const { t, i18n } = useTranslation('content');
  const toast = useToast();
  const queries = useQueryClient();
  const [status, setStatus] = useState<ContentStatus | ''>('');
  const [offset, setOffset] = useState(0);
  const { typed, setTyped, search } = useSearchInput(() => setOffset(0));
  const [deleting, setDeleting] = useState<ContentItem | null>(null);
  const list = useQuery({
    queryKey: [...itemsKey(type), 'list', { status, search, offset }],
    queryFn: () =>
      api<{ items: ContentItem[]; total: number }>(apiBase(type), {
        query: { status: status || undefined, search: search || undefined, limit: ITEMS_PER_PAGE, offset },
      }),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (item: ContentItem) => api<{ status: boolean }>(`${apiBase(type)}/${item.id}`, { method: 'DELETE' }),
    onSuccess: (_result, item) => {
      setDeleting(null);
      toast(t(`content.${type}.deleted`, { title: item.title }));
      void queries.invalidateQueries({ queryKey: itemsKey(type) });
    },
    onError: (failure) => {
      setDeleting(null);
      toast(errorText(t, failure), 'danger');
    },
  });
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const filtered = status !== '' || search !== '';
  const createLink = (
    <Button as={Link} to="new" data-testid={`new-${type}`}>
      <Icon name="plus" />
      {t(`content.${type}.new`)}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t(`content.${type}.title`)}
        actions={
          <Row $wrap>
            {type === 'post' ? (
              <Button as={Link} to="terms" $variant="secondary">
                <Icon name="tag" />
                {t('content.terms.title')}
              </Button>
            ) : null}
            {createLink}
          </Row>
        }
      />
      <Row $wrap style={{ marginBottom: '1rem', alignItems: 'flex-end' }}>
        <div style={{ flex: '1 1 16rem' }}>
          <Field label={t('common.search')}>
            <Input type="search" value={typed} onChange={(e) => setTyped(e.target.value)} maxLength={200} placeholder={t('content.searchPlaceholder')} />
          </Field>
        </div>
        <FilterSelect
          flex="0 1 12rem"
          label={t('common.status')}
          value={status}
          options={CONTENT_STATUSES}
          optionLabel={(value) => t(`content.status.${value}`)}
          onChange={(value) => {
            setStatus(value);
            setOffset(0);
          }}
        />
      </Row>
      <QueryView
        query={list}
        isEmpty={(data) => data.items.length === 0 && offset === 0}
        empty={
          filtered ? (
            <EmptyState title={t(`content.${type}.noneMatching`)} />
          ) : (
            <EmptyState title={t(`content.${type}.none`)} hint={t(`content.${type}.noneHint`)} action={createLink} />
          )
        }
      >
        {(data) => (
          <Card>
            <TableScroll>
              <DataTable
                data-testid={`${type}-list`}
                columns={[
                  t('content.column.title'),
                  t('content.column.address'),
                  t('common.status'),
                  type === 'post' && t('content.column.categories'),
                  t('content.column.author'),
                  t('content.column.updated'),
                  t('common.actions'),
                ]}
              >
                {data.items.map((item) => {
                  const live = shownStatus(item) === 'published';
                  return (
                    <tr key={item.id} data-item={item.id} data-slug={item.slug}>
                      <td>
                        <Link to={item.id}>{item.title}</Link>
                        {type === 'page' && item.slug === HOME_SLUG ? (
                          <>
                            {' '}
                            <Badge $tone="info">{t('content.page.homeBadge')}</Badge>
                          </>
                        ) : null}
                        {type === 'post' && item.settings.featured === true ? (
                          <>
                            {' '}
                            <Badge $tone="warning">{t('content.post.featuredBadge')}</Badge>
                          </>
                        ) : null}
                      </td>
                      <td>
                        <code>{publicPath(type, item.slug)}</code>
                      </td>
                      <td>
                        <StatusBadge item={item} />
                      </td>
                      {type === 'post' ? (
                        <td>{(item.categories ?? []).map((term) => term.name).join(', ') || <Muted as="span">{t('content.noCategory')}</Muted>}</td>
                      ) : null}
                      <td>{item.author_name || <Muted as="span">{t('content.unknownAuthor')}</Muted>}</td>
                      <td className="nowrap">
                        <time dateTime={item.updated_at}>{format.format(new Date(item.updated_at))}</time>
                      </td>
                      <td className="nowrap">
                        <Row $gap="0.25rem">
                          <Button as={Link} to={item.id} $variant="ghost" aria-label={t('content.editNamed', { title: item.title })}>
                            {t('common.edit')}
                          </Button>
                          <Button
                            as="a"
                            href={live ? publicPath(type, item.slug) : previewPath(type, item.slug, item.id)}
                            target="_blank"
                            rel="noopener"
                            $variant="ghost"
                            aria-label={live ? t('content.viewNamed', { title: item.title }) : t('content.previewNamed', { title: item.title })}
                          >
                            <Icon name="external" size={16} />
                            {live ? t('content.view') : t('content.preview')}
                          </Button>
                          <Button type="button" $variant="ghost" onClick={() => setDeleting(item)} aria-label={t('content.deleteNamed', { title: item.title })}>
                            {t('common.delete')}
                          </Button>
                        </Row>
                      </td>
                    </tr>
                  );
                })}
              </DataTable>
            </TableScroll>
            <Pagination offset={offset} limit={ITEMS_PER_PAGE} total={data.total} onChange={setOffset} />
          </Card>
        )}
      </QueryView>
      <ConfirmDialog
        open={deleting !== null}
        title={t(`content.${type}.confirmDelete`, { title: deleting?.title ?? '' })}
        body={deleting !== null && shownStatus(deleting) === 'published' ? t(`content.${type}.confirmDeleteLive`) : t(`content.${type}.confirmDeleteBody`)}
        confirmLabel={t('common.delete')}
        busy={remove.isPending}
        onConfirm={() => deleting !== null && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
