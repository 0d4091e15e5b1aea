import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styled from 'styled-components';
import { DataTable } from '../../ui/DataTable';
import { Button, Muted } from '../../ui/primitives';
import { TableScroll } from '../../ui/TableScroll';
import type { AccountRef, Ticket } from './categories';
import { StatusBadge } from './StatusBadge';

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
export function TicketTable({
  tickets,
  showAccount = false,
  onAccount,
}: {
  tickets: Ticket[];
  showAccount?: boolean;
  onAccount?: (account: AccountRef) => void;
}) {
  const { t, i18n } = useTranslation('tickets');
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <TableScroll>
      <DataTable
        columns={[
          t('tickets.column.number'),
          t('tickets.column.subject'),
          showAccount && t('tickets.column.account'),
          t('tickets.column.category'),
          t('common.status'),
          t('tickets.column.lastActivity'),
        ]}
      >
        {tickets.map((ticket) => (
          <tr key={ticket.id} data-ticket={ticket.id}>
            <td className="tabular">{t('tickets.number', { number: ticket.number })}</td>
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
                  <AccountButton
                    onClick={() => ticket.account !== undefined && onAccount(ticket.account)}
                    title={t('tickets.filter.onlyAccount', { name: ticket.account.name })}
                  >
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
            <td className="nowrap">
              <time dateTime={ticket.last_reply_at}>{format.format(new Date(ticket.last_reply_at))}</time>
            </td>
          </tr>
        ))}
      </DataTable>
    </TableScroll>
  );
}
