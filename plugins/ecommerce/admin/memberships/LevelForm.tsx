import { api, Card, errorText, Field, FormActions, Input, Muted, Stack, Textarea, useToast } from '@lectern/admin/kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckList } from '../shared/CheckList';
import { API, keys, type Level } from '../shared/model';
import { useLmsCourses } from '../shared/useLmsCourses';
import { ContentPicker } from './ContentPicker';

const LIMITS = { name: 120, description: 5000, courses: 200 } as const;

/**
 * A level's name, description, the LMS courses it grants (the picker hides without the LMS) and the
 * pages and posts only its members may read.
 */
export function LevelForm({ level, onSaved, onCancel }: { level?: Level; onSaved: (level: Level) => void; onCancel: () => void }) {
  const { t } = useTranslation(['ecommerce-memberships', 'ecommerce-shop']);
  const toast = useToast();
  const queries = useQueryClient();
  const courses = useLmsCourses();
  const [name, setName] = useState(level?.name ?? '');
  const [description, setDescription] = useState(level?.description ?? '');
  const [courseIds, setCourseIds] = useState<string[]>(level?.course_ids ?? []);
  const [contentIds, setContentIds] = useState<string[]>(level?.content_ids ?? []);
  const [nameError, setNameError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => {
      const body = { name: name.trim(), description, course_ids: courseIds, content_ids: contentIds };
      return level === undefined
        ? api<Level>(`${API}/memberships`, { method: 'POST', body })
        : api<Level>(`${API}/memberships/${level.id}`, { method: 'PUT', body });
    },
    onSuccess: (saved) => {
      toast(t(level === undefined ? 'form.created' : 'form.saved', { name: saved.name }));
      void queries.invalidateQueries({ queryKey: keys.levels });
      onSaved(saved);
    },
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = name.trim() === '' ? t('form.nameRequired') : null;
    setNameError(problem);
    if (problem === null) save.mutate();
  };
  // Courses the LMS no longer lists stay granted unless unticked: they are shown by id.
  const known = courses.data ?? [];
  const options = [
    ...known.map((course) => ({ id: course.id, label: course.status === 'draft' ? `${course.title} (${t('form.draft')})` : course.title })),
    ...courseIds.filter((id) => !known.some((course) => course.id === id)).map((id) => ({ id, label: t('form.unknownCourse', { id: id.slice(0, 8) }) })),
  ];
  return (
    <Card as="form" onSubmit={submit} noValidate data-testid="level-form" style={{ maxWidth: '44rem' }}>
      <Stack>
        <h2 style={{ margin: 0, fontSize: '1.1rem' }}>{level === undefined ? t('form.newTitle') : t('form.editTitle')}</h2>
        <Field label={t('form.name')} error={nameError}>
          <Input
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={LIMITS.name}
            required
            autoFocus={level === undefined}
            data-testid="level-name"
          />
        </Field>
        <Field label={t('form.description')}>
          <Textarea value={description} onChange={(e) => setDescription(e.target.value)} maxLength={LIMITS.description} data-testid="level-description" />
        </Field>
        {courses.data === null ? (
          <Muted>{t('form.noLms')}</Muted>
        ) : courses.isError ? (
          <Muted role="status">{t('form.coursesFailed')}</Muted>
        ) : (
          <CheckList
            legend={t('form.courses')}
            hint={t('form.coursesHint')}
            options={options}
            selected={courseIds}
            onChange={(ids) => setCourseIds(ids.slice(0, LIMITS.courses))}
            filterLabel={t('form.filter')}
            emptyText={courses.isPending ? t('form.loadingCourses') : t('form.noCourses')}
            testId="level-courses"
          />
        )}
        <ContentPicker selected={contentIds} onChange={setContentIds} />
        <FormActions busy={save.isPending} label={t('form.save')} busyLabel={t('form.saving')} onCancel={onCancel} />
      </Stack>
    </Card>
  );
}
