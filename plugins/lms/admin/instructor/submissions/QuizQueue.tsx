import { api, Button, Card, DataTable, EmptyState, Pagination, QueryView, Stack, TableScroll } from '@lectern/admin/kit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API, keys, PAGE_SIZE } from '../model';
import { type QuizQueueEntry } from './model';
import { QuizEvaluation } from './QuizEvaluation';
import { QueueStatusSelect, type QueueStatus } from './QueueStatusSelect';
import { StudentName } from './StudentName';

/** Quiz attempts awaiting evaluation (or already evaluated), oldest first; one opens for grading below the list. */
export function QuizQueue({ courseId }: { courseId: string }) {
  const { t, i18n } = useTranslation('lms-instructor');
  const [status, setStatus] = useState<QueueStatus>('3');
  const [offset, setOffset] = useState(0);
  const [open, setOpen] = useState<string | null>(null);
  const queue = useQuery({
    queryKey: [...keys.quizQueue(courseId), { status, offset }],
    queryFn: () =>
      api<{ submissions: QuizQueueEntry[]; total: number }>(`${API}/courses/${courseId}/quiz-submissions`, { query: { status, limit: PAGE_SIZE, offset } }),
    placeholderData: keepPreviousData,
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Card data-testid="quiz-queue">
      <Stack>
        <h2 style={{ margin: 0 }}>{t('grading.quizzes')}</h2>
        <QueueStatusSelect
          value={status}
          onChange={(next) => {
            setStatus(next);
            setOffset(0);
            setOpen(null);
          }}
          testId="quiz-queue-status"
        />
        <QueryView
          query={queue}
          isEmpty={(data) => data.submissions.length === 0 && offset === 0}
          empty={<EmptyState title={t(status === '3' ? 'grading.noneAwaiting' : 'grading.noneEvaluated')} />}
        >
          {(data) => (
            <>
              <TableScroll>
                <DataTable
                  columns={[
                    t('grading.column.student'),
                    t('grading.column.quiz'),
                    t('grading.column.attempt'),
                    t('grading.column.marks'),
                    t('grading.column.submitted'),
                    t('grading.column.actions'),
                  ]}
                >
                  {data.submissions.map((s) => (
                    <tr key={s.id} data-testid="quiz-submission-row" data-submission={s.id}>
                      <td>
                        <StudentName id={s.student_id} name={s.student_name} />
                      </td>
                      <td>{s.quiz_title}</td>
                      <td className="num">{s.attempt}</td>
                      <td className="num">{s.marks}</td>
                      <td className="nowrap">
                        {s.submitted_at === null ? '—' : <time dateTime={s.submitted_at}>{date.format(new Date(s.submitted_at))}</time>}
                      </td>
                      <td>
                        <Button
                          type="button"
                          $variant={open === s.id ? 'primary' : 'secondary'}
                          onClick={() => setOpen(open === s.id ? null : s.id)}
                          aria-expanded={open === s.id}
                          data-testid="grade-quiz"
                        >
                          {status === '3' ? t('grading.evaluate') : t('grading.view')}
                        </Button>
                      </td>
                    </tr>
                  ))}
                </DataTable>
              </TableScroll>
              <Pagination offset={offset} limit={PAGE_SIZE} total={data.total} onChange={setOffset} />
            </>
          )}
        </QueryView>
        {open === null ? null : <QuizEvaluation key={open} courseId={courseId} submissionId={open} onClose={() => setOpen(null)} />}
      </Stack>
    </Card>
  );
}
