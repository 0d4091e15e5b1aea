import { Field, Select } from '@lectern/admin/kit';
import { useTranslation } from 'react-i18next';
import { QUEUE_STATUSES } from './model';

export type QueueStatus = (typeof QUEUE_STATUSES)[number];

/** The grading queues' filter: awaiting evaluation (3) or evaluated (4). */
export function QueueStatusSelect({ value, onChange, testId }: { value: QueueStatus; onChange: (status: QueueStatus) => void; testId: string }) {
  const { t } = useTranslation('lms-instructor');
  return (
    <div style={{ maxWidth: '16rem' }}>
      <Field label={t('grading.show')}>
        <Select value={value} onChange={(e) => onChange(e.target.value === '4' ? '4' : '3')} data-testid={testId}>
          {QUEUE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`grading.queue.${status}`)}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}
