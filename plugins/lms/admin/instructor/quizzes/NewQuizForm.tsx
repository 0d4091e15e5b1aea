import { api, Button, can, Card, errorText, Field, Input, Muted, QueryView, Row, Select, Stack, useBootstrap, useToast } from '@lectern/admin/kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { API, coursePath, keys, type Course, type ItemDetail } from '../model';
import { quizKeys } from './model';

/** Course pickers list at most the API's page size; the newest changed courses come first. */
const COURSE_LIMIT = 100;

/**
 * A quiz is a curriculum item, so it is made in a course: pick one of the caller's courses and a
 * title; the new quiz opens in that course's curriculum tab to get its questions.
 */
export function NewQuizForm({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation('lms-instructor');
  const toast = useToast();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const boot = useBootstrap().data;
  // Site managers may add to any course; everyone else to the courses they author.
  const author = boot === undefined || can(boot, 'manage_options') ? undefined : boot.member.user_id;
  const courses = useQuery({
    queryKey: [...keys.courses, 'picker', author ?? 'all'],
    queryFn: () => api<{ items: Course[]; total: number }>(`${API}/courses`, { query: { author, limit: COURSE_LIMIT } }),
    enabled: boot !== undefined,
  });
  const [courseId, setCourseId] = useState('');
  const [title, setTitle] = useState('');
  const [errors, setErrors] = useState<{ course?: string; title?: string }>({});
  const create = useMutation({
    mutationFn: () => api<ItemDetail>(`${API}/courses/${courseId}/items`, { method: 'POST', body: { post_type: 'quiz', title: title.trim() } }),
    onSuccess: (item) => {
      toast(t('quizzes.created', { title: item.title }));
      void queries.invalidateQueries({ queryKey: quizKeys.list });
      void queries.invalidateQueries({ queryKey: keys.curriculum(courseId) });
      // The course editor opens the tab and the item named in its query string.
      void navigate(`${coursePath(courseId)}?${new URLSearchParams({ tab: 'curriculum', item: item.id }).toString()}`);
    },
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (courseId === '') found.course = t('quizzes.courseRequired');
    if (title.trim() === '') found.title = t('quizzes.titleRequired');
    setErrors(found);
    if (Object.keys(found).length === 0) create.mutate();
  };

  return (
    <Card as="form" onSubmit={submit} noValidate data-testid="new-quiz-form" style={{ maxWidth: '40rem', marginBottom: '1rem' }}>
      <Stack>
        <QueryView query={courses} isEmpty={(data) => data.items.length === 0} empty={<Muted>{t('quizzes.noCourses')}</Muted>}>
          {(data) => (
            <Field
              label={t('quizzes.course')}
              error={errors.course}
              hint={data.total > data.items.length ? t('quizzes.courseLimit', { number: data.items.length }) : undefined}
            >
              <Select
                value={courseId}
                onChange={(e) => {
                  setCourseId(e.target.value);
                  setErrors((old) => ({ ...old, course: undefined }));
                }}
                required
                data-testid="new-quiz-course"
              >
                <option value="">{t('quizzes.chooseCourse')}</option>
                {data.items.map((course) => (
                  <option key={course.id} value={course.id}>
                    {course.status === 'draft' ? t('quizzes.draftCourse', { title: course.title }) : course.title}
                  </option>
                ))}
              </Select>
            </Field>
          )}
        </QueryView>
        <Field label={t('quizzes.quizTitle')} error={errors.title}>
          <Input
            value={title}
            onChange={(e) => {
              setTitle(e.target.value);
              setErrors((old) => ({ ...old, title: undefined }));
            }}
            maxLength={300}
            required
            data-testid="new-quiz-title"
          />
        </Field>
        <Row $wrap>
          <Button type="submit" disabled={create.isPending || (courses.data?.items.length ?? 0) === 0} data-testid="new-quiz-save">
            {create.isPending ? t('quizzes.creating') : t('quizzes.create')}
          </Button>
          <Button type="button" $variant="ghost" onClick={onCancel}>
            {t('quizzes.cancel')}
          </Button>
        </Row>
      </Stack>
    </Card>
  );
}
