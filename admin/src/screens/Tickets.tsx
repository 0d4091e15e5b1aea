import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes, useNavigate } from 'react-router';
import { api } from '../api/client';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Field } from '../ui/Field';
import { FilterSelect } from '../ui/FilterSelect';
import { PageHeader } from '../ui/PageHeader';
import { Pagination } from '../ui/Pagination';
import { Button, Card, Input, Muted, Row, Stack, Textarea } from '../ui/primitives';
import { QueryView } from '../ui/QueryView';
import { EmptyState, errorText } from '../ui/states';
import { useToast } from '../ui/toasts';
import {
  API_BASE,
  MESSAGE_MAX,
  messageError,
  QUERY_ROOT,
  SUBJECT_MAX,
  subjectError,
  TICKET_CATEGORIES,
  TICKET_STATUSES,
  TICKETS_PER_PAGE,
  type Ticket,
  type TicketCategory,
  type TicketStatus,
  type TicketThread,
} from './tickets/categories';
import { TicketTable } from './tickets/TicketTable';
import { TicketThreadView } from './tickets/TicketThread';

const ROOT = QUERY_ROOT.account;

/**
 * SPEC §2 /dashboard/tickets (Support): the account's managers raise tickets with the platform,
 * follow the conversation and mark them resolved. Sub-routes: the list, `new`, and `:id`.
 */
export default function Tickets() {
  return (
    <Routes>
      <Route index element={<TicketList />} />
      <Route path="new" element={<OpenTicket />} />
      <Route path=":id" element={<AccountThread />} />
    </Routes>
  );
}

type Filter = 'all' | TicketStatus;

function TicketList() {
  const { t } = useTranslation('tickets');
  const [filter, setFilter] = useState<Filter>('all');
  const [offset, setOffset] = useState(0);
  const list = useQuery({
    queryKey: [ROOT, 'list', filter, offset],
    queryFn: () =>
      api<{ tickets: Ticket[]; total: number }>(API_BASE.account, {
        query: { status: filter === 'all' ? undefined : filter, limit: TICKETS_PER_PAGE, offset },
      }),
  });
  const openLink = (
    <Button as={Link} to="new">
      {t('tickets.open')}
    </Button>
  );
  return (
    <>
      <PageHeader title={t('tickets.title')} actions={openLink} />
      <Row role="tablist" aria-label={t('tickets.filter.status')} $wrap style={{ marginBottom: '1rem' }}>
        {(['all', ...TICKET_STATUSES] as const).map((value) => (
          <Button
            key={value}
            role="tab"
            aria-selected={filter === value}
            $variant={filter === value ? 'primary' : 'secondary'}
            onClick={() => (setFilter(value), setOffset(0))}
          >
            {value === 'all' ? t('common.all') : t(`tickets.status.${value}`)}
          </Button>
        ))}
      </Row>
      <QueryView
        query={list}
        isEmpty={(data) => data.tickets.length === 0}
        empty={
          filter === 'all' && offset === 0 ? (
            <EmptyState title={t('tickets.none')} hint={t('tickets.noneHint')} action={openLink} />
          ) : (
            <EmptyState title={t('tickets.noneMatching')} />
          )
        }
      >
        {(data) => (
          <Card>
            <TicketTable tickets={data.tickets} />
            <Pagination offset={offset} limit={TICKETS_PER_PAGE} total={data.total} onChange={setOffset} />
          </Card>
        )}
      </QueryView>
    </>
  );
}

interface Errors {
  subject?: string | null;
  category?: string | null;
  body?: string | null;
}

function OpenTicket() {
  const { t } = useTranslation('tickets');
  const toast = useToast();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const [subject, setSubject] = useState('');
  const [category, setCategory] = useState<TicketCategory | ''>('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const open = useMutation({
    mutationFn: (input: { subject: string; category: TicketCategory; body: string }) => api<TicketThread>(API_BASE.account, { method: 'POST', body: input }),
    onSuccess: (ticket) => {
      toast(t('tickets.openedToast', { number: ticket.number }));
      void queries.invalidateQueries({ queryKey: [ROOT] });
      void navigate(`../${ticket.id}`, { relative: 'path', replace: true });
    },
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {
      subject: subjectError(t, subject),
      category: category === '' ? t('tickets.validation.categoryRequired') : null,
      body: messageError(t, body),
    };
    setErrors(next);
    if (next.subject !== null || next.category !== null || next.body !== null || category === '') return;
    open.mutate({ subject, category, body });
  };
  return (
    <>
      <div style={{ marginBottom: '0.75rem' }}>
        <Link to=".." relative="path">
          {t('tickets.back')}
        </Link>
      </div>
      <PageHeader title={t('tickets.openTitle')} />
      <Card>
        <form onSubmit={submit} noValidate>
          <Stack>
            <Muted>{t('tickets.openIntro')}</Muted>
            <Field label={t('tickets.field.subject')} hint={t('tickets.lengthHint', { count: subject.length, max: SUBJECT_MAX })} error={errors.subject}>
              <Input value={subject} onChange={(e) => setSubject(e.target.value)} autoComplete="off" />
            </Field>
            <FilterSelect
              label={t('tickets.field.category')}
              error={errors.category}
              blankLabel={t('tickets.field.chooseCategory')}
              value={category}
              options={TICKET_CATEGORIES}
              optionLabel={(value) => t(`tickets.category.${value}`)}
              onChange={setCategory}
            />
            <Field label={t('tickets.field.message')} hint={t('tickets.lengthHint', { count: body.length, max: MESSAGE_MAX })} error={errors.body}>
              <Textarea rows={8} value={body} onChange={(e) => setBody(e.target.value)} />
            </Field>
            <Row $wrap>
              <Button type="submit" disabled={open.isPending}>
                {open.isPending ? t('tickets.sending') : t('tickets.submit')}
              </Button>
              <Button as={Link} to=".." relative="path" $variant="ghost">
                {t('common.cancel')}
              </Button>
            </Row>
          </Stack>
        </form>
      </Card>
    </>
  );
}

function AccountThread() {
  const { t } = useTranslation('tickets');
  const toast = useToast();
  const queries = useQueryClient();
  const [confirming, setConfirming] = useState<string | null>(null);
  const resolve = useMutation({
    mutationFn: (id: string) => api<Ticket>(`${API_BASE.account}/${id}/status`, { method: 'PUT', body: { status: 'resolved' } }),
    onSuccess: (ticket) => {
      setConfirming(null);
      toast(t('tickets.resolvedToast', { number: ticket.number }));
      void queries.invalidateQueries({ queryKey: [ROOT] });
    },
    onError: (failure) => {
      setConfirming(null);
      toast(errorText(t, failure), 'danger');
    },
  });
  return (
    <>
      <TicketThreadView
        scope="account"
        actions={(ticket) =>
          ticket.status === 'resolved' ? null : (
            <Button $variant="secondary" onClick={() => setConfirming(ticket.id)} disabled={resolve.isPending}>
              {t('tickets.markResolved')}
            </Button>
          )
        }
        replyNotice={(ticket) => (ticket.status === 'resolved' ? t('tickets.notice.reopens') : t('tickets.notice.customer'))}
      />
      <ConfirmDialog
        open={confirming !== null}
        title={t('tickets.confirmResolve')}
        body={t('tickets.confirmResolveBody')}
        confirmLabel={t('tickets.markResolved')}
        danger={false}
        busy={resolve.isPending}
        onConfirm={() => confirming !== null && resolve.mutate(confirming)}
        onClose={() => setConfirming(null)}
      />
    </>
  );
}
