import { useTranslation } from 'react-i18next';
import { Badge, type Tone } from '@lectern/admin/kit';
import type { EnrolmentStatus } from '../types';

const TONES: Record<EnrolmentStatus, Tone> = { 1: 'neutral', 2: 'info', 3: 'warning', 4: 'success' };

/** The enrolment's status (SPEC §4: 1 enrolled … 4 evaluated), or "expired" when access has ended. */
export function StatusBadge({ status, expired = false }: { status: EnrolmentStatus; expired?: boolean }) {
  const { t } = useTranslation('lms-student');
  if (expired)
    return (
      <Badge $tone="danger" data-status="expired">
        {t('status.expired')}
      </Badge>
    );
  return (
    <Badge $tone={TONES[status] ?? 'neutral'} data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}
