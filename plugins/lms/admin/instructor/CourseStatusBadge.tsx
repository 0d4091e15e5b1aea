import { Badge } from '@lectern/admin/kit';
import { useTranslation } from 'react-i18next';
import type { CourseStatus } from './model';

/** A course's status as a coloured badge: published courses are in the catalogue. */
export function CourseStatusBadge({ status }: { status: CourseStatus }) {
  const { t } = useTranslation('lms-instructor');
  return (
    <Badge $tone={status === 'published' ? 'success' : 'neutral'} data-testid="course-status">
      {t(`status.${status}`)}
    </Badge>
  );
}
