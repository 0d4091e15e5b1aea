import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styled from 'styled-components';
import { Button, Muted, Table } from '../../ui/primitives';
import type { AccountRef, Ticket } from './categories';
import { StatusBadge } from './StatusBadge';

/** Narrow screens (700 px) scroll the table sideways instead of squeezing it. */
export const TableScroll = styled.div`
  overflow-x: auto;
  table { width: 100%; border-collapse: collapse; }
  td a { color: ${(p) => p.theme.primary}; font-weight: 600; }
  .number { white-space: nowrap; font-variant-numeric: tabular-nums; }
  .when { white-space: nowrap; }
`;

const AccountButton = styled(Button).attrs({ $variant: 'ghost' as const, type: 'button' as const })`
  min-height: 0;
  padding: 0;
  text-align: start;
  display: inline-block;
  text-decoration: underline dotted;
`;

/**
 * The rows both ticket lists share: number, subject (opens the thread at `:id`), category, status and
 * last activity; the platform's list adds the account, which can narrow the list to that account.
 */
export function TicketTable({ tickets, showAccount = false, onAccount }: { tickets: Ticket[]; showAccount?: boolean; onAccount?: (account: AccountRef) => void }) {
  const { t, i18n } = useTranslation('tickets');
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <TableScroll>
      <Table>
        <thead>
          <tr>
            <th scope="col">{t('tickets.column.number')}</th>
            <th scope="col">{t('tickets.column.subject')}</th>
            {showAccount ? <th scope="col">{t('tickets.column.account')}</th> : null}
            <th scope="col">{t('tickets.column.category')}</th>
            <th scope="col">{t('common.status')}</th>
            <th scope="col">{t('tickets.column.lastActivity')}</th>
          </tr>
        </thead>
        <tbody>
          {tickets.map((ticket) => (
            <tr key={ticket.id} data-ticket={ticket.id}>
              <td className="number">{t('tickets.number', { number: ticket.number })}</td>
              <td>
                <Link to={ticket.id}>{ticket.subject}</Link>
                <Muted as="small" style={{ display: 'block' }}>
                  {t('tickets.openedBy', { name: ticket.opener_name })}
                </Muted>
              </td>
              {showAccount ? (
                <td>
                  {ticket.account === undefined ? null : onAccount === undefined ? (
                    ticket.account.name
                  ) : (
                    <AccountButton onClick={() => ticket.account !== undefined && onAccount(ticket.account)} title={t('tickets.filter.onlyAccount', { name: ticket.account.name })}>
                      {ticket.account.name}
                    </AccountButton>
                  )}
                  {ticket.account === undefined ? null : (
                    <Muted as="small" style={{ display: 'block' }}>
                      {ticket.account.slug}
                    </Muted>
                  )}
                </td>
              ) : null}
              <td>{t(`tickets.category.${ticket.category}`)}</td>
              <td>
                <StatusBadge status={ticket.status} />
              </td>
              <td className="when">
                <time dateTime={ticket.last_reply_at}>{format.format(new Date(ticket.last_reply_at))}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}
