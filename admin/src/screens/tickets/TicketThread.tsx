import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import styled from 'styled-components';
import { api } from '../../api/client';
import { Field } from '../../ui/Field';
import { PageHeader } from '../../ui/PageHeader';
import { Pagination } from '../../ui/Pagination';
import { Badge, Button, Card, Muted, Row, Stack, Textarea } from '../../ui/primitives';
import { ErrorState, errorText, Loading } from '../../ui/states';
import { useToast } from '../../ui/toasts';
import {
  API_BASE,
  MESSAGE_MAX,
  MESSAGES_PER_PAGE,
  messageError,
  QUERY_ROOT,
  type Ticket,
  type TicketMessage,
  type TicketScope,
  type TicketThread,
} from './categories';
import { StatusBadge } from './StatusBadge';

const Messages = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
`;

/** Staff replies stand apart: tinted, with an accent edge on the reading-start side and a badge. */
const Bubble = styled.li<{ $staff: boolean }>`
  border: 1px solid ${(p) => p.theme.border};
  border-inline-start: 4px solid ${(p) => (p.$staff ? p.theme.primary : p.theme.border)};
  border-radius: 10px;
  padding: 0.75rem 1rem;
  background: ${(p) => (p.$staff ? p.theme.surfaceAlt : p.theme.surface)};
  header {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem;
    margin-bottom: 0.4rem;
  }
  time {
    color: ${(p) => p.theme.muted};
    font-size: 0.85rem;
    margin-inline-start: auto;
  }
  p {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    text-align: start;
  }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(10rem, 1fr));
  gap: 0.75rem 1rem;
  margin: 0;
  dt {
    color: ${(p) => p.theme.muted};
    font-size: 0.85rem;
  }
  dd {
    margin: 0;
  }
`;

export interface ThreadProps {
  scope: TicketScope;
  /** Status controls beside the title: "Mark resolved" for customers, a status select for staff. */
  actions: (ticket: TicketThread) => ReactNode;
  /** A line above the reply box saying what sending does to the ticket. */
  replyNotice: (ticket: TicketThread) => string;
}

/**
 * One ticket at sub-route `:id`: its facts, its messages oldest first (staff replies marked), and a
 * reply box. Shared by the account's Support screen and the super-admin's Tickets screen.
 */
export function TicketThreadView({ scope, actions, replyNotice }: ThreadProps) {
  const { t, i18n } = useTranslation('tickets');
  const { id = '' } = useParams();
  const [offset, setOffset] = useState(0);
  const thread = useQuery({
    queryKey: [QUERY_ROOT[scope], 'thread', id, offset],
    queryFn: () => api<TicketThread>(`${API_BASE[scope]}/${encodeURIComponent(id)}`, { query: { limit: MESSAGES_PER_PAGE, offset } }),
  });
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const back = (
    <Link to=".." relative="path">
      {t('tickets.back')}
    </Link>
  );
  if (thread.isPending) return <Loading />;
  if (thread.isError)
    return (
      <>
        {back}
        <ErrorState error={thread.error} retry={() => void thread.refetch()} />
      </>
    );
  const ticket = thread.data;
  return (
    <>
      <div style={{ marginBottom: '0.75rem' }}>{back}</div>
      <PageHeader title={t('tickets.threadTitle', { number: ticket.number, subject: ticket.subject })} actions={<Row $wrap>{actions(ticket)}</Row>} />
      <Stack>
        <Card aria-label={t('tickets.details')}>
          <Facts>
            <div>
              <dt>{t('common.status')}</dt>
              <dd>
                <StatusBadge status={ticket.status} />
              </dd>
            </div>
            <div>
              <dt>{t('tickets.column.category')}</dt>
              <dd>{t(`tickets.category.${ticket.category}`)}</dd>
            </div>
            {ticket.account === undefined ? null : (
              <div>
                <dt>{t('tickets.column.account')}</dt>
                <dd>
                  {ticket.account.name} <Muted as="span">({ticket.account.slug})</Muted>
                </dd>
              </div>
            )}
            <div>
              <dt>{t('tickets.openedByLabel')}</dt>
              <dd>{ticket.opener_name}</dd>
            </div>
            <div>
              <dt>{t('tickets.opened')}</dt>
              <dd>
                <time dateTime={ticket.created_at}>{format.format(new Date(ticket.created_at))}</time>
              </dd>
            </div>
            <div>
              <dt>{t('tickets.column.lastActivity')}</dt>
              <dd>
                <time dateTime={ticket.last_reply_at}>{format.format(new Date(ticket.last_reply_at))}</time>
              </dd>
            </div>
          </Facts>
        </Card>
        <section aria-labelledby="ticket-conversation">
          <Row style={{ justifyContent: 'space-between', marginBottom: '0.5rem' }} $wrap>
            <h2 id="ticket-conversation" style={{ margin: 0 }}>
              {t('tickets.conversation')}
            </h2>
            <Muted>{t('tickets.messageCount', { count: ticket.message_total })}</Muted>
          </Row>
          <MessageList messages={ticket.messages} format={format} />
          <Pagination offset={offset} limit={MESSAGES_PER_PAGE} total={ticket.message_total} onChange={setOffset} />
        </section>
        <ReplyBox
          scope={scope}
          ticket={ticket}
          notice={replyNotice(ticket)}
          onSent={(total) => setOffset(Math.floor(Math.max(0, total - 1) / MESSAGES_PER_PAGE) * MESSAGES_PER_PAGE)}
        />
      </Stack>
    </>
  );
}

function MessageList({ messages, format }: { messages: TicketMessage[]; format: Intl.DateTimeFormat }) {
  const { t } = useTranslation('tickets');
  if (messages.length === 0) return <Muted>{t('tickets.noMessages')}</Muted>;
  return (
    <Messages>
      {messages.map((message) => (
        <Bubble key={message.id} $staff={message.from_staff} data-staff={message.from_staff}>
          <header>
            <strong>{message.author_name}</strong>
            {message.from_staff ? <Badge $tone="info">{t('tickets.staff')}</Badge> : null}
            <time dateTime={message.created_at}>{format.format(new Date(message.created_at))}</time>
          </header>
          {/* Plain text (SPEC: MessageBody is text); React escapes it. */}
          <p>{message.body}</p>
        </Bubble>
      ))}
    </Messages>
  );
}

function ReplyBox({ scope, ticket, notice, onSent }: { scope: TicketScope; ticket: TicketThread; notice: string; onSent: (total: number) => void }) {
  const { t } = useTranslation('tickets');
  const toast = useToast();
  const queries = useQueryClient();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (body: string) =>
      api<{ ticket: Ticket; message: TicketMessage }>(`${API_BASE[scope]}/${ticket.id}/messages`, { method: 'POST', body: { body } }),
    onSuccess: () => {
      setDraft('');
      toast(t('tickets.replySent'));
      onSent(ticket.message_total + 1);
      void queries.invalidateQueries({ queryKey: [QUERY_ROOT[scope]] });
    },
    onError: (failure) => setError(errorText(t, failure)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = messageError(t, draft);
    setError(problem);
    if (problem === null) send.mutate(draft);
  };
  return (
    <Card>
      <form onSubmit={submit} noValidate>
        <Stack>
          <h2 style={{ margin: 0 }}>{t('tickets.reply')}</h2>
          <Muted role="note" data-testid="reply-notice">
            {notice}
          </Muted>
          <Field label={t('tickets.yourReply')} hint={t('tickets.lengthHint', { count: draft.length, max: MESSAGE_MAX })} error={error}>
            <Textarea rows={5} value={draft} onChange={(e) => setDraft(e.target.value)} />
          </Field>
          <div>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? t('tickets.sending') : t('tickets.sendReply')}
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}
