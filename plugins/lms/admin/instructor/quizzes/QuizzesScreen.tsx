import {
  api,
  Button,
  Card,
  DataTable,
  EmptyState,
  Field,
  Icon,
  Input,
  PageHeader,
  Pagination,
  QueryView,
  Row,
  TableScroll,
  useSearchInput,
} from '@lectern/admin/kit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCourseAccess } from '../access';
import { CourseStatusBadge } from '../CourseStatusBadge';
import { API, AREA_PATH, coursePath, PAGE_SIZE } from '../model';
import { AssignDialog } from './AssignDialog';
import { quizKeys, type QuizRow } from './model';
import { NewQuizForm } from './NewQuizForm';

/** A quiz in its course's curriculum tab, opened (the editor reads both from its query string). */
const quizEditorPath = (quiz: QuizRow) => `${coursePath(quiz.course.id)}?${new URLSearchParams({ tab: 'curriculum', item: quiz.id }).toString()}`;

/**
 * SPEC §2 /dashboard/instructor/quizzes: every quiz of the courses the member edits (all of them
 * for site managers), searchable and paged; a new quiz is made in a course, and each quiz can be
 * assigned to students of its course. Mounted both inside the instructor area and on its own
 * (the quick-create entry), so every link here is absolute.
 */
export default function QuizzesScreen() {
  const { t, i18n } = useTranslation('lms-instructor');
  const access = useCourseAccess();
  const [creating, setCreating] = useState(false);
  const [assigning, setAssigning] = useState<QuizRow | null>(null);
  const [offset, setOffset] = useState(0);
  const { typed, setTyped, search } = useSearchInput(() => setOffset(0));
  const list = useQuery({
    queryKey: [...quizKeys.list, { search, offset }],
    queryFn: () => api<{ items: QuizRow[]; total: number }>(`${API}/quizzes`, { query: { search: search || undefined, limit: PAGE_SIZE, offset } }),
    placeholderData: keepPreviousData,
  });
  const number = new Intl.NumberFormat(i18n.language);
  const createButton = (
    <Button type="button" onClick={() => setCreating(true)} disabled={creating} data-testid="new-quiz">
      <Icon name="plus" />
      {t('quizzes.new')}
    </Button>
  );

  return (
    <div data-testid="quizzes-screen">
      <PageHeader
        title={t('quizzes.title')}
        actions={
          <Row $wrap>
            <Button as={Link} to={AREA_PATH} $variant="ghost">
              {t('quizzes.courses')}
            </Button>
            {createButton}
          </Row>
        }
      />
      {creating ? <NewQuizForm onCancel={() => setCreating(false)} /> : null}
      <div style={{ maxWidth: '32rem', marginBottom: '1rem' }}>
        <Field label={t('quizzes.search')}>
          <Input type="search" value={typed} onChange={(e) => setTyped(e.target.value)} maxLength={200} data-testid="quiz-search" />
        </Field>
      </div>
      <QueryView
        query={list}
        isEmpty={(data) => data.items.length === 0 && offset === 0}
        empty={
          search === '' ? (
            <EmptyState title={t('quizzes.none')} hint={t('quizzes.noneHint')} action={creating ? undefined : createButton} />
          ) : (
            <EmptyState title={t('quizzes.noneMatching')} />
          )
        }
      >
        {(data) => (
          <Card>
            <TableScroll>
              <DataTable
                data-testid="quiz-list"
                columns={[
                  t('quizzes.column.quiz'),
                  t('quizzes.column.course'),
                  t('quizzes.column.status'),
                  t('quizzes.column.questions'),
                  ...(access.students ? [t('quizzes.column.actions')] : []),
                ]}
              >
                {data.items.map((quiz) => (
                  <tr key={quiz.id} data-testid="quiz-row" data-quiz={quiz.id}>
                    <td>{access.curriculum ? <Link to={quizEditorPath(quiz)}>{quiz.title}</Link> : quiz.title}</td>
                    <td>
                      <Link to={coursePath(quiz.course.id)}>{quiz.course.title}</Link>
                    </td>
                    <td>
                      <CourseStatusBadge status={quiz.course.status} />
                    </td>
                    <td className="num">{number.format(quiz.questions)}</td>
                    {access.students ? (
                      <td>
                        <Button
                          type="button"
                          $variant="secondary"
                          onClick={() => setAssigning(quiz)}
                          aria-label={t('quizzes.assignLabel', { title: quiz.title })}
                          data-testid="quiz-assign"
                        >
                          {t('quizzes.assign')}
                        </Button>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </DataTable>
            </TableScroll>
            <Pagination offset={offset} limit={PAGE_SIZE} total={data.total} onChange={setOffset} />
          </Card>
        )}
      </QueryView>
      <AssignDialog quiz={assigning} onClose={() => setAssigning(null)} />
    </div>
  );
}
