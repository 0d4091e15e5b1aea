import { api, Button, Card, ConfirmDialog, errorText, Muted, Row, Stack, useToast } from '@lectern/admin/kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { API, AREA_PATH, keys, type Course } from '../model';
import { useAllowLeave } from '../unsaved';

/** Publishing (the course joins the catalogue), taking it back to draft, and deleting it after a confirmation. */
export function CourseActions({ course, dirty }: { course: Course; dirty: boolean }) {
  const { t } = useTranslation('lms-instructor');
  const toast = useToast();
  const queries = useQueryClient();
  const navigate = useNavigate();
  const allowLeave = useAllowLeave();
  const [deleting, setDeleting] = useState(false);
  const publish = useMutation({
    mutationFn: (action: 'publish' | 'unpublish') => api<Course>(`${API}/courses/${course.id}/${action}`, { method: 'POST', body: {} }),
    onSuccess: (saved) => {
      toast(t(saved.status === 'published' ? 'actions.published' : 'actions.unpublished'));
      queries.setQueryData(keys.course(course.id), (old: Course | undefined) =>
        old === undefined ? saved : { ...old, status: saved.status, published_at: saved.published_at },
      );
      void queries.invalidateQueries({ queryKey: keys.courses });
    },
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  const remove = useMutation({
    mutationFn: () => api<{ status: boolean }>(`${API}/courses/${course.id}`, { method: 'DELETE' }),
    onSuccess: () => {
      setDeleting(false);
      toast(t('actions.deleted', { title: course.title }));
      queries.removeQueries({ queryKey: keys.course(course.id) });
      void queries.invalidateQueries({ queryKey: keys.courses });
      // The course is gone: its unsaved details have nothing left to be saved to.
      allowLeave();
      void navigate(AREA_PATH);
    },
    onError: (failure) => {
      setDeleting(false);
      toast(errorText(t, failure), 'danger');
    },
  });
  const published = course.status === 'published';
  return (
    <Card>
      <Stack $gap="0.75rem">
        <Muted>{published ? t('actions.publishedHint') : t('actions.draftHint')}</Muted>
        {dirty ? <Muted>{t('actions.saveFirst')}</Muted> : null}
        <Row $wrap>
          <Button
            type="button"
            $variant={published ? 'secondary' : 'primary'}
            disabled={publish.isPending}
            onClick={() => publish.mutate(published ? 'unpublish' : 'publish')}
            data-testid={published ? 'course-unpublish' : 'course-publish'}
          >
            {published ? t('actions.unpublish') : t('actions.publish')}
          </Button>
          <Button type="button" $variant="danger" onClick={() => setDeleting(true)} data-testid="course-delete">
            {t('actions.delete')}
          </Button>
        </Row>
      </Stack>
      <ConfirmDialog
        open={deleting}
        title={t('actions.confirmDelete', { title: course.title })}
        body={t('actions.confirmDeleteBody', { students: course.student_count })}
        confirmLabel={t('actions.delete')}
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setDeleting(false)}
      />
    </Card>
  );
}
