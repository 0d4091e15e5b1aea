import { api, Badge, Button, Card, EmptyState, errorText, Field, Icon, Muted, QueryView, Select, useSearchInput, useToast } from '@lectern/admin/kit';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { API, keys, PAGE_SIZE, type Page, type Product } from '../../shared/model';
import { useMoney } from '../../shared/useCurrency';
import { PriceType } from './PriceType';
import { ConfirmItem, ListTable, RowIconButton, SearchRow } from '../../shared/ListParts';

const SORTS = ['created_at.desc', 'created_at.asc', 'title.asc', 'title.desc', 'amount.asc', 'amount.desc'] as const;
type Sort = (typeof SORTS)[number];

/** The Products tab: every product (drafts too) with search, sort and paging; each opens in its editor; delete asks first. */
export function ProductsTab() {
  const { t } = useTranslation(['ecommerce-products', 'ecommerce-shop']);
  const toast = useToast();
  const queries = useQueryClient();
  const { format } = useMoney();
  const [offset, setOffset] = useState(0);
  const [sort, setSort] = useState<Sort>('created_at.desc');
  const [deleting, setDeleting] = useState<Product | null>(null);
  const { typed, setTyped, search } = useSearchInput(() => setOffset(0));
  const list = useQuery({
    queryKey: [...keys.products, 'list', { search, offset, sort }],
    queryFn: () =>
      api<Page<Product>>(`${API}/products`, { query: { status: 'all', search: search || undefined, from: offset, to: offset + PAGE_SIZE - 1, sort } }),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (product: Product) => api(`${API}/products/${product.id}`, { method: 'DELETE' }),
    onSuccess: (_answer, product) => {
      setDeleting(null);
      toast(t('list.deleted', { title: product.title }));
      void queries.invalidateQueries({ queryKey: keys.products });
    },
    onError: (failure) => {
      setDeleting(null);
      toast(errorText(t, failure), 'danger');
    },
  });
  const createLink = (
    <Button as={Link} to="products/new" data-testid="new-product">
      <Icon name="plus" />
      {t('list.new')}
    </Button>
  );
  return (
    <>
      <SearchRow label={t('list.search')} value={typed} onChange={setTyped} maxLength={200} testId="product-search" style={{ marginBottom: '1rem' }}>
        <div style={{ flex: '0 1 12rem' }}>
          <Field label={t('list.sort')}>
            <Select
              value={sort}
              onChange={(e) => {
                setSort(SORTS.find((value) => value === e.target.value) ?? 'created_at.desc');
                setOffset(0);
              }}
              data-testid="product-sort"
            >
              {SORTS.map((value) => (
                <option key={value} value={value}>
                  {t(`sort.${value}`)}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        {createLink}
      </SearchRow>
      <QueryView
        query={list}
        isEmpty={(data) => data.items.length === 0 && offset === 0}
        empty={
          search === '' ? <EmptyState title={t('list.none')} hint={t('list.noneHint')} action={createLink} /> : <EmptyState title={t('list.noneMatching')} />
        }
      >
        {(data) => (
          <Card>
            <ListTable
              testId="product-list"
              page={{ offset, total: data.count, onChange: setOffset }}
              columns={[
                t('list.column.title'),
                t('list.column.price'),
                t('list.column.type'),
                t('list.column.status'),
                <span className="visually-hidden">{t('list.column.actions')}</span>,
              ]}
            >
              {data.items.map((product) => (
                <tr key={product.id} data-testid="product-row" data-product={product.id}>
                  <td>
                    <Link to={`products/${product.id}`}>{product.title}</Link>
                    {product.course_id === null && product.membership_id === null ? null : (
                      <Muted>
                        {[product.course_id === null ? null : t('list.givesCourse'), product.membership_id === null ? null : t('list.givesMembership')]
                          .filter(Boolean)
                          .join(' · ')}
                      </Muted>
                    )}
                  </td>
                  <td className="num" data-testid="product-price">
                    {product.metadata.sale === null ? (
                      format(product.metadata.price.amount)
                    ) : (
                      <>
                        <s>{format(product.metadata.price.amount)}</s> {format(product.metadata.sale.amount)}
                        <Muted>{t('list.onSale')}</Muted>
                      </>
                    )}
                  </td>
                  <td>
                    <PriceType price={product.metadata.price} />
                  </td>
                  <td>
                    <Badge $tone={product.status === 'published' ? 'success' : 'neutral'}>{t(`status.${product.status}`)}</Badge>
                  </td>
                  <td>
                    <RowIconButton
                      icon="trash"
                      label={t('list.deleteLabel', { title: product.title })}
                      onClick={() => setDeleting(product)}
                      testId="product-delete"
                    />
                  </td>
                </tr>
              ))}
            </ListTable>
          </Card>
        )}
      </QueryView>
      <ConfirmItem
        item={deleting}
        title={t('list.deleteTitle', { title: deleting?.title ?? '' })}
        body={t('list.deleteBody')}
        confirmLabel={t('list.delete')}
        busy={remove.isPending}
        onConfirm={(item) => remove.mutate(item)}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
