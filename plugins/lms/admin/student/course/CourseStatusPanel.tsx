import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, Button, Card, ConfirmDialog, errorText, Muted, Row, Stack, useToast } from '@lectern/admin/kit';
import { playerPath } from '../keys';
import type { Player, StateResult } from '../types';
import { CertificateButton } from './CertificateButton';
import { allComplete } from './curriculum';
import { StatusBadge } from './StatusBadge';
import { useRefreshCourse } from './useCourseActions';

/** Where the course stands: finishing it once every item is complete, evaluation, the certificate. */
export function CourseStatusPanel({ course, player }: { course: string; player: Player }) {
  const { t } = useTranslation('lms-student');
  const toast = useToast();
  const refresh = useRefreshCourse(course);
  const [confirming, setConfirming] = useState(false);
  const { status, marks } = player.enrolment;
  const finish = useMutation({
    mutationFn: () => api<StateResult>(`${playerPath(course)}/finish`, { method: 'POST', body: {} }),
    onSuccess: (result) => {
      setConfirming(false);
      toast(t(result.enrolment.status === 4 ? 'finish.evaluated' : 'finish.submitted'));
      return refresh();
    },
    onError: (error) => {
      setConfirming(false);
      toast(errorText(t, error), 'danger');
    },
  });
  const ready = allComplete(player.items);

  return (
    <Card data-testid="course-status" data-status={status}>
      <Stack $gap="0.75rem">
        <Row $wrap $gap="0.5rem">
          <strong>{t('finish.heading')}</strong>
          <StatusBadge status={status} />
        </Row>
        {status <= 2 ? (
          ready ? (
            <>
              <Muted>{t('finish.ready')}</Muted>
              <Row>
                <Button onClick={() => setConfirming(true)} disabled={finish.isPending} data-testid="finish-course">
                  {t('finish.action')}
                </Button>
              </Row>
            </>
          ) : (
            <Muted>{t('finish.notReady')}</Muted>
          )
        ) : status === 3 ? (
          <Muted data-testid="course-submitted">{t('finish.awaiting')}</Muted>
        ) : (
          <>
            <Muted data-testid="course-evaluated">
              {t('finish.done')}
              {/* Course marks are the instructor's to give; 0 usually means none were given. */}
              {marks > 0 ? ` ${t('finish.marks', { marks })}` : null}
            </Muted>
            <Row>
              <CertificateButton course={course} slug={player.course.slug} />
            </Row>
          </>
        )}
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t('finish.confirmTitle')}
        body={t('finish.confirmBody')}
        confirmLabel={t('finish.action')}
        danger={false}
        busy={finish.isPending}
        onConfirm={() => finish.mutate()}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
