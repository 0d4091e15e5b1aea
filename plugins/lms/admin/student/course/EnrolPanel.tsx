import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, ApiError, Button, Card, errorText, Muted, PageHeader, Row, Stack } from '@lectern/admin/kit';
import { playerPath, studentKeys } from '../keys';
import { coursesHref } from './links';

/** SPEC §8: a full course answers {status: 0, error: "Seats Error", code: "seats"} (409). */
const isSeatsError = (error: unknown) => error instanceof ApiError && error.status === 409 && error.code === 'Seats Error';

/** The member is not enrolled (403 not_enrolled): free enrolment from here. */
export function EnrolPanel({ course }: { course: string }) {
  const { t } = useTranslation('lms-student');
  const queries = useQueryClient();
  const enrol = useMutation({
    mutationFn: () => api<{ status: 1; created: boolean }>(`${playerPath(course)}/enrol`, { method: 'POST', body: {} }),
    onSuccess: () => void queries.invalidateQueries({ queryKey: studentKeys.all }),
  });

  let failure: string | null = null;
  if (enrol.isError) {
    const error = enrol.error;
    // Any other refusal (409 {status: 0}) is a failed insert: worth another try.
    if (isSeatsError(error)) failure = t('enrol.full');
    else if (error instanceof ApiError && error.status === 409) failure = t('enrol.failed');
    else failure = errorText(t, error);
  }

  return (
    <>
      <PageHeader title={t('player.title')} />
      <Card data-testid="enrol-panel">
        <Stack>
          <h2 style={{ margin: 0 }}>{t('enrol.title')}</h2>
          <Muted>{t('enrol.hint')}</Muted>
          {failure === null ? null : (
            <p role="alert" data-testid="enrol-error" data-seats={isSeatsError(enrol.error) ? 'full' : undefined}>
              {failure}
            </p>
          )}
          <Row $wrap>
            <Button onClick={() => enrol.mutate()} disabled={enrol.isPending || isSeatsError(enrol.error)} data-testid="enrol">
              {enrol.isPending ? t('enrol.enrolling') : t('enrol.action')}
            </Button>
            <Button as={Link} to={coursesHref} $variant="secondary">
              {t('player.backToCourses')}
            </Button>
          </Row>
        </Stack>
      </Card>
    </>
  );
}
