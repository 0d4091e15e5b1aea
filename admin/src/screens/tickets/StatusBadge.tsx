import { useTranslation } from 'react-i18next';
import { Badge } from '../../ui/primitives';
import { STATUS_TONE, type TicketStatus } from './categories';

/** A ticket's status in SPEC §4's colour, always with its word so colour is never the only cue. */
export function StatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation('tickets');
  return (
    <Badge $tone={STATUS_TONE[status]} data-status={status}>
      {t(`tickets.status.${status}`)}
    </Badge>
  );
}
