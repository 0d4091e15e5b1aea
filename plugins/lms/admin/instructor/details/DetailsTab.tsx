import { api, ApiError, Badge, Button, Card, errorText, Field, Input, QueryView, Row, Stack, Textarea, useToast } from '@lectern/admin/kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCourseAccess } from '../access';
import { API, keys, type Course, type CourseMeta } from '../model';
import { FieldRow } from '../ui';
import { useUnsavedWork } from '../unsaved';
import { AuthorsField } from './AuthorsField';
import { CategoriesField } from './CategoriesField';
import { CourseActions } from './CourseActions';
import { courseBody, durationOf, formOf, validate, type DetailsErrors, type DetailsForm } from './form';
import { SettingsFields } from './SettingsFields';

/** The Details tab: the course's own fields and settings (one Save), its course duration, publishing and deletion. */
export function DetailsTab({ course }: { course: Course }) {
  const meta = useQuery({ queryKey: keys.meta(course.id), queryFn: () => api<CourseMeta>(`${API}/courses/${course.id}/meta`) });
  return (
    <QueryView query={meta}>
      {(loaded) => <DetailsEditor key={`${course.updated_at}|${JSON.stringify(loaded.courseDuration)}`} course={course} meta={loaded} />}
    </QueryView>
  );
}

function DetailsEditor({ course, meta }: { course: Course; meta: CourseMeta }) {
  const { t } = useTranslation('lms-instructor');
  const toast = useToast();
  const queries = useQueryClient();
  const access = useCourseAccess();
  const initial = useMemo(() => formOf(course, meta), [course, meta]);
  const [form, setForm] = useState<DetailsForm>(initial);
  const [errors, setErrors] = useState<DetailsErrors>({});
  const dirty = JSON.stringify(form) !== JSON.stringify(initial);
  useUnsavedWork('editor', dirty);
  const set = (patch: Partial<DetailsForm>) => setForm((old) => ({ ...old, ...patch }));

  const save = useMutation({
    mutationFn: async () => {
      const saved = await api<Course>(`${API}/courses/${course.id}`, { method: 'PUT', body: courseBody(form) });
      const duration = durationOf(form);
      const savedMeta =
        JSON.stringify(duration) === JSON.stringify(meta.courseDuration)
          ? meta
          : await api<CourseMeta>(`${API}/courses/${course.id}/meta`, { method: 'PUT', body: { courseDuration: duration } });
      return { saved, savedMeta };
    },
    onSuccess: ({ saved, savedMeta }) => {
      toast(t('details.saved'));
      queries.setQueryData(keys.meta(course.id), savedMeta);
      queries.setQueryData(keys.course(course.id), saved);
      void queries.invalidateQueries({ queryKey: keys.courses });
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.code === 'course_slug_taken') setErrors({ slug: t('details.slugTaken') });
      else if (failure instanceof ApiError && failure.code === 'not_instructor') setErrors({ authors: t('details.notInstructor') });
      else toast(errorText(t, failure), 'danger');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(form, t);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  };

  return (
    <Stack>
      <Card as="form" onSubmit={submit} noValidate data-testid="course-details-form">
        <Stack>
          <Field label={t('details.title')} error={errors.title}>
            <Input value={form.title} onChange={(e) => set({ title: e.target.value })} maxLength={300} required data-testid="course-title" />
          </Field>
          <Field label={t('details.slug')} hint={t('details.slugHint', { path: `/course/${form.slug}` })} error={errors.slug}>
            <Input value={form.slug} onChange={(e) => set({ slug: e.target.value })} maxLength={200} required data-testid="course-slug" />
          </Field>
          <Field label={t('details.excerpt')}>
            <Textarea value={form.excerpt} onChange={(e) => set({ excerpt: e.target.value })} maxLength={2000} data-testid="course-excerpt" />
          </Field>
          <FieldRow>
            <Field label={t('details.image')} hint={t('details.imageHint')} error={errors.image}>
              <Input type="url" value={form.image} onChange={(e) => set({ image: e.target.value })} maxLength={2000} data-testid="course-image" />
            </Field>
            <Field label={t('details.seats')} hint={t('details.seatsHint')} error={errors.seats}>
              <Input type="number" min={0} value={form.seats} onChange={(e) => set({ seats: e.target.value })} data-testid="course-seats" />
            </Field>
          </FieldRow>
          <CategoriesField value={form.categories} onChange={(categories) => set({ categories })} />
          <AuthorsField value={form.authors} onChange={(authors) => set({ authors })} manager={access.manager} error={errors.authors} />
          <SettingsFields form={form} set={set} errors={errors} />
          <Row $wrap>
            <Button type="submit" disabled={save.isPending || !dirty} data-testid="course-save">
              {save.isPending ? t('details.saving') : t('details.save')}
            </Button>
            <Button
              type="button"
              $variant="ghost"
              disabled={!dirty || save.isPending}
              onClick={() => {
                setForm(initial);
                setErrors({});
              }}
            >
              {t('details.discard')}
            </Button>
            {dirty ? (
              <Badge $tone="warning" data-testid="course-unsaved">
                {t('editor.unsaved')}
              </Badge>
            ) : null}
          </Row>
        </Stack>
      </Card>
      <CourseActions course={course} dirty={dirty} />
    </Stack>
  );
}
