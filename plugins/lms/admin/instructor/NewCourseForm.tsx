import { api, ApiError, Card, errorText, Field, FormActions, Input, Stack, useToast } from '@lectern/admin/kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { API, AREA_PATH, coursePath, keys, SLUG_PATTERN, type Course } from './model';

/** Title and optional slug of a new draft course; on success the course's editor opens. */
export function NewCourseForm() {
  const { t } = useTranslation('lms-instructor');
  const toast = useToast();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const [title, setTitle] = useState('');
  const [slug, setSlug] = useState('');
  const [errors, setErrors] = useState<{ title?: string; slug?: string }>({});
  const create = useMutation({
    mutationFn: () => api<Course>(`${API}/courses`, { method: 'POST', body: { title: title.trim(), ...(slug.trim() === '' ? {} : { slug: slug.trim() }) } }),
    onSuccess: (course) => {
      toast(t('create.created', { title: course.title }));
      void queries.invalidateQueries({ queryKey: keys.courses });
      void navigate(coursePath(course.id));
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.code === 'course_slug_taken') setErrors({ slug: t('details.slugTaken') });
      else toast(errorText(t, failure), 'danger');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (title.trim() === '') found.title = t('details.titleRequired');
    if (slug.trim() !== '' && !SLUG_PATTERN.test(slug.trim())) found.slug = t('details.slugInvalid');
    setErrors(found);
    if (Object.keys(found).length === 0) create.mutate();
  };
  return (
    <Card as="form" onSubmit={submit} noValidate data-testid="new-course-form" style={{ maxWidth: '40rem' }}>
      <Stack>
        <Field label={t('details.title')} error={errors.title}>
          <Input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={300} required autoFocus data-testid="new-course-title" />
        </Field>
        <Field label={t('details.slug')} hint={t('create.slugHint')} error={errors.slug}>
          <Input value={slug} onChange={(e) => setSlug(e.target.value)} maxLength={200} data-testid="new-course-slug" />
        </Field>
        <FormActions busy={create.isPending} label={t('create.submit')} busyLabel={t('create.creating')} onCancel={() => void navigate(AREA_PATH)} />
      </Stack>
    </Card>
  );
}
