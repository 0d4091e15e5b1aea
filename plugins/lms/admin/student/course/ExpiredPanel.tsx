import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, Card, EmptyState, PageHeader } from '@lectern/admin/kit';
import { coursesHref } from './links';

/** The enrolment's access period has ended (403 enrolment_expired). */
export function ExpiredPanel() {
  const { t } = useTranslation('lms-student');
  return (
    <>
      <PageHeader title={t('player.title')} />
      <Card data-testid="enrolment-expired">
        <EmptyState
          title={t('expired.title')}
          hint={t('expired.hint')}
          action={
            <Button as={Link} to={coursesHref} $variant="secondary">
              {t('player.backToCourses')}
            </Button>
          }
        />
      </Card>
    </>
  );
}
