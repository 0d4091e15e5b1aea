import { api, Badge, Button, Card, EmptyState, errorText, Icon, Muted, QueryView, Stack, useSearchInput, useToast } from '@lectern/admin/kit';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API, keys, PAGE_SIZE, type Coupon, type Page } from '../../shared/model';
import { useMoney } from '../../shared/useCurrency';
import { CouponEditor } from './CouponEditor';
import { COUPON_STATE_TONE, couponState } from './model';
import { ConfirmItem, ListTable, RowIconButton, SearchRow } from '../../shared/ListParts';

/**
 * The Coupons tab (SPEC §3 Coupon): search, paging, each coupon's discount, use, window, per-member
 * limit and state; the form opens above the list to create or edit one; delete asks first.
 */
export function CouponsTab() {
  const { t, i18n } = useTranslation(['ecommerce-coupons', 'ecommerce-shop']);
  const toast = useToast();
  const queries = useQueryClient();
  const { format } = useMoney();
  const [offset, setOffset] = useState(0);
  const [editing, setEditing] = useState<Coupon | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Coupon | null>(null);
  const { typed, setTyped, search } = useSearchInput(() => setOffset(0));
  const list = useQuery({
    queryKey: [...keys.coupons, { search, offset }],
    queryFn: () => api<Page<Coupon>>(`${API}/coupons`, { query: { search: search || undefined, offset, limit: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (coupon: Coupon) => api(`${API}/coupons/${coupon.id}`, { method: 'DELETE' }),
    onSuccess: (_answer, coupon) => {
      setDeleting(null);
      if (editing !== null && editing !== 'new' && editing.id === coupon.id) setEditing(null);
      toast(t('list.deleted', { name: coupon.name }));
      void queries.invalidateQueries({ queryKey: keys.coupons });
    },
    onError: (failure) => {
      setDeleting(null);
      toast(errorText(t, failure), 'danger');
    },
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const number = new Intl.NumberFormat(i18n.language);
  const now = new Date();
  const discount = (coupon: Coupon) =>
    coupon.discount_type === 'percentage' ? t('list.percent', { value: number.format(coupon.coupon_amount) }) : format(coupon.coupon_amount);
  const windowText = (coupon: Coupon) => {
    if (coupon.date_start === null && coupon.date_end === null) return t('list.always');
    if (coupon.date_end === null) return t('list.from', { date: date.format(new Date(coupon.date_start!)) });
    if (coupon.date_start === null) return t('list.until', { date: date.format(new Date(coupon.date_end)) });
    return `${date.format(new Date(coupon.date_start))} – ${date.format(new Date(coupon.date_end))}`;
  };
  const createButton = (
    <Button onClick={() => setEditing('new')} disabled={editing === 'new'} data-testid="new-coupon">
      <Icon name="plus" />
      {t('list.new')}
    </Button>
  );
  return (
    <Stack>
      {editing === null ? null : (
        <CouponEditor key={editing === 'new' ? 'new' : editing.id} coupon={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />
      )}
      <SearchRow label={t('list.search')} value={typed} onChange={setTyped} maxLength={60} testId="coupon-search">
        {createButton}
      </SearchRow>
      <QueryView
        query={list}
        isEmpty={(data) => data.items.length === 0 && offset === 0}
        empty={search === '' ? <EmptyState title={t('list.none')} hint={t('list.noneHint')} /> : <EmptyState title={t('list.noneMatching')} />}
      >
        {(data) => (
          <Card>
            <ListTable
              testId="coupon-list"
              page={{ offset, total: data.count, onChange: setOffset }}
              columns={[
                t('list.column.name'),
                t('list.column.discount'),
                t('list.column.used'),
                t('list.column.window'),
                t('list.column.perUser'),
                t('list.column.state'),
                <span className="visually-hidden">{t('list.column.actions')}</span>,
              ]}
            >
              {data.items.map((coupon) => {
                const state = couponState(coupon, now);
                return (
                  <tr key={coupon.id} data-testid="coupon-row" data-coupon={coupon.name}>
                    <td>
                      <code>{coupon.name}</code>
                    </td>
                    <td className="num">{discount(coupon)}</td>
                    <td className="tabular">
                      {coupon.usage_limit === 0
                        ? t('list.usedNoLimit', { used: number.format(coupon.usage_count) })
                        : t('list.usedOf', { used: number.format(coupon.usage_count), limit: number.format(coupon.usage_limit) })}
                    </td>
                    <td>{windowText(coupon)}</td>
                    <td className="tabular">
                      {coupon.per_user_limit === 0 ? <Muted as="span">{t('list.noLimit')}</Muted> : number.format(coupon.per_user_limit)}
                    </td>
                    <td>
                      <Badge $tone={COUPON_STATE_TONE[state]} data-testid="coupon-state" data-state={state}>
                        {t(`state.${state}`)}
                      </Badge>
                    </td>
                    <td className="nowrap">
                      <RowIconButton icon="pen" label={t('list.editLabel', { name: coupon.name })} onClick={() => setEditing(coupon)} testId="coupon-edit" />
                      <RowIconButton
                        icon="trash"
                        label={t('list.deleteLabel', { name: coupon.name })}
                        onClick={() => setDeleting(coupon)}
                        testId="coupon-delete"
                      />
                    </td>
                  </tr>
                );
              })}
            </ListTable>
          </Card>
        )}
      </QueryView>
      <ConfirmItem
        item={deleting}
        title={t('list.deleteTitle', { name: deleting?.name ?? '' })}
        body={t('list.deleteBody')}
        confirmLabel={t('list.delete')}
        busy={remove.isPending}
        onConfirm={(item) => remove.mutate(item)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
