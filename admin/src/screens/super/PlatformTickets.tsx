import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { api } from '../../api/client';
import { Field } from '../../ui/Field';
import { FilterSelect } from '../../ui/FilterSelect';
import { PageHeader } from '../../ui/PageHeader';
import { Pagination } from '../../ui/Pagination';
import { Button, Card, Row, Select } from '../../ui/primitives';
import { QueryView } from '../../ui/QueryView';
import { EmptyState, errorText } from '../../ui/states';
import { useToast } from '../../ui/toasts';
import {
  API_BASE,
  isStatus,
  QUERY_ROOT,
  TICKET_CATEGORIES,
  TICKET_STATUSES,
  TICKETS_PER_PAGE,
  type AccountRef,
  type Ticket,
  type TicketCategory,
  type TicketStatus,
  type TicketThread,
} from '../tickets/categories';
import { TicketTable } from '../tickets/TicketTable';
import { TicketThreadView } from '../tickets/TicketThread';

const ROOT = QUERY_ROOT.platform;

/**
 * The super-admin's /dashboard/tickets: every account's tickets (read through logged system access),
 * filtered by status, category or account; each thread at `:id` takes staff replies and a status.
 */
export default function PlatformTickets() {
  return (
    <Routes>
      <Route index element={<PlatformTicketList />} />
      <Route path=":id" element={<PlatformThread />} />
    </Routes>
  );
}

function PlatformTicketList() {
  const { t } = useTranslation('tickets');
  const [status, setStatus] = useState<TicketStatus | ''>('');
  const [category, setCategory] = useState<TicketCategory | ''>('');
  const [account, setAccount] = useState<AccountRef | null>(null);
  const [offset, setOffset] = useState(0);
  const list = useQuery({
    queryKey: [ROOT, 'list', status, category, account?.id ?? '', offset],
    queryFn: () =>
      api<{ tickets: Ticket[]; total: number }>(API_BASE.platform, {
        query: {
          status: status === '' ? undefined : status,
          category: category === '' ? undefined : category,
          account_id: account?.id,
          limit: TICKETS_PER_PAGE,
          offset,
        },
      }),
  });
  const filtered = status !== '' || category !== '' || account !== null;
  const clear = () => {
    setStatus('');
    setCategory('');
    setAccount(null);
    setOffset(0);
  };
  return (
    <>
      <PageHeader title={t('tickets.platformTitle')} />
      <Card style={{ marginBottom: '1rem' }} aria-label={t('tickets.filter.label')}>
        <Row $wrap style={{ alignItems: 'flex-end' }}>
          <FilterSelect
            flex="1 1 12rem"
            label={t('tickets.filter.status')}
            value={status}
            options={TICKET_STATUSES}
            optionLabel={(value) => t(`tickets.status.${value}`)}
            onChange={(value) => (setStatus(value), setOffset(0))}
          />
          <FilterSelect
            flex="1 1 12rem"
            label={t('tickets.filter.category')}
            value={category}
            options={TICKET_CATEGORIES}
            optionLabel={(value) => t(`tickets.category.${value}`)}
            onChange={(value) => (setCategory(value), setOffset(0))}
          />
          {account === null ? null : (
            <Button
              $variant="secondary"
              onClick={() => (setAccount(null), setOffset(0))}
              aria-label={t('tickets.filter.removeAccount', { name: account.name })}
            >
              {t('tickets.filter.account', { name: account.name })} ×
            </Button>
          )}
          {filtered ? (
            <Button $variant="ghost" onClick={clear}>
              {t('tickets.filter.clear')}
            </Button>
          ) : null}
        </Row>
      </Card>
      <QueryView
        query={list}
        isEmpty={(data) => data.tickets.length === 0}
        empty={<EmptyState title={filtered || offset > 0 ? t('tickets.noneMatching') : t('tickets.platformNone')} />}
      >
        {(data) => (
          <Card>
            <TicketTable tickets={data.tickets} showAccount onAccount={(picked) => (setAccount(picked), setOffset(0))} />
            <Pagination offset={offset} limit={TICKETS_PER_PAGE} total={data.total} onChange={setOffset} />
          </Card>
        )}
      </QueryView>
    </>
  );
}

function PlatformThread() {
  const { t } = useTranslation('tickets');
  const toast = useToast();
  const queries = useQueryClient();
  const setStatus = useMutation({
    mutationFn: ({ id, status }: { id: string; status: TicketStatus }) => api<Ticket>(`${API_BASE.platform}/${id}/status`, { method: 'PUT', body: { status } }),
    onSuccess: (ticket) => {
      toast(t('tickets.statusChanged', { status: t(`tickets.status.${ticket.status}`) }));
      void queries.invalidateQueries({ queryKey: [ROOT] });
    },
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  const statusSelect = (ticket: TicketThread) => (
    <Field label={t('tickets.setStatus')}>
      <Select
        value={ticket.status}
        disabled={setStatus.isPending}
        onChange={(e) => isStatus(e.target.value) && e.target.value !== ticket.status && setStatus.mutate({ id: ticket.id, status: e.target.value })}
        data-testid="ticket-status"
      >
        {TICKET_STATUSES.map((value) => (
          <option key={value} value={value}>
            {t(`tickets.status.${value}`)}
          </option>
        ))}
      </Select>
    </Field>
  );
  return <TicketThreadView scope="platform" actions={statusSelect} replyNotice={(ticket) => t('tickets.notice.staff', { name: ticket.opener_name })} />;
}
