import {
  api,
  Button,
  Card,
  DataTable,
  EmptyState,
  errorText,
  Field,
  Input,
  Muted,
  Pagination,
  QueryView,
  Row,
  Stack,
  TableScroll,
  useToast,
} from '@lectern/admin/kit';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API, keys, PAGE_SIZE } from '../model';
import { type AssignmentEntry } from './model';
import { QueueStatusSelect, type QueueStatus } from './QueueStatusSelect';
import { StudentName } from './StudentName';

/** Assignment submissions awaiting marks (or marked), oldest first, each marked in its row. */
export function AssignmentQueue({ courseId }: { courseId: string }) {
  const { t, i18n } = useTranslation('lms-instructor');
  const [status, setStatus] = useState<QueueStatus>('3');
  const [offset, setOffset] = useState(0);
  const queue = useQuery({
    queryKey: [...keys.assignmentQueue(courseId), { status, offset }],
    queryFn: () =>
      api<{ submissions: AssignmentEntry[]; total: number }>(`${API}/courses/${courseId}/assignment-submissions`, {
        query: { status, limit: PAGE_SIZE, offset },
      }),
    placeholderData: keepPreviousData,
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Card data-testid="assignment-queue">
      <Stack>
        <h2 style={{ margin: 0 }}>{t('grading.assignments')}</h2>
        <QueueStatusSelect
          value={status}
          onChange={(next) => {
            setStatus(next);
            setOffset(0);
          }}
          testId="assignment-queue-status"
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
                    t('grading.column.assignment'),
                    t('grading.column.work'),
                    t('grading.column.submitted'),
                    t('grading.column.marks'),
                  ]}
                >
                  {data.submissions.map((s) => (
                    <AssignmentRow
                      key={s.id}
                      courseId={courseId}
                      submission={s}
                      submitted={s.submitted_at === null ? '—' : date.format(new Date(s.submitted_at))}
                    />
                  ))}
                </DataTable>
              </TableScroll>
              <Pagination offset={offset} limit={PAGE_SIZE} total={data.total} onChange={setOffset} />
            </>
          )}
        </QueryView>
      </Stack>
    </Card>
  );
}

function AssignmentRow({ courseId, submission, submitted }: { courseId: string; submission: AssignmentEntry; submitted: string }) {
  const { t } = useTranslation('lms-instructor');
  const toast = useToast();
  const queries = useQueryClient();
  const [marks, setMarks] = useState(submission.marks === null ? '' : String(submission.marks));
  const [error, setError] = useState<string | null>(null);
  const mark = useMutation({
    mutationFn: (value: number) => api<AssignmentEntry>(`${API}/assignment-submissions/${submission.id}/mark`, { method: 'POST', body: { marks: value } }),
    onSuccess: () => {
      toast(t('grading.marked'));
      void queries.invalidateQueries({ queryKey: keys.assignmentQueue(courseId) });
      void queries.invalidateQueries({ queryKey: keys.stats(courseId) });
    },
    // marks_out_of_range names the assignment's maximum in its message.
    onError: (failure) => setError(errorText(t, failure)),
  });
  const submit = () => {
    const value = Number(marks.trim());
    if (marks.trim() === '' || !Number.isInteger(value) || value < 0) {
      setError(t('details.numberInvalid'));
      return;
    }
    setError(null);
    mark.mutate(value);
  };
  const awaiting = submission.status === 3;
  return (
    <tr data-testid="assignment-submission-row" data-submission={submission.id}>
      <td>
        <StudentName id={submission.student_id} name={submission.student_name} />
      </td>
      <td>{submission.assignment_title}</td>
      <td style={{ maxWidth: '28rem' }}>
        {submission.file_path === null ? null : <code>{submission.file_path}</code>}
        {submission.content === '' ? null : (
          <details>
            <summary>{t('grading.readWork')}</summary>
            <p style={{ whiteSpace: 'pre-wrap' }}>{submission.content}</p>
          </details>
        )}
        {submission.file_path === null && submission.content === '' ? <Muted as="span">{t('grading.noAnswer')}</Muted> : null}
      </td>
      <td className="nowrap">{submitted}</td>
      <td>
        {awaiting ? (
          <Row $gap="0.5rem" style={{ alignItems: 'flex-end' }}>
            <div style={{ maxWidth: '7rem' }}>
              <Field label={t('grading.marks')} error={error}>
                <Input type="number" min={0} value={marks} onChange={(e) => setMarks(e.target.value)} data-testid="assignment-marks" />
              </Field>
            </div>
            <Button type="button" disabled={mark.isPending} onClick={submit} data-testid="grade-assignment">
              {t('grading.mark')}
            </Button>
          </Row>
        ) : (
          <span className="tabular">{submission.marks ?? '—'}</span>
        )}
      </td>
    </tr>
  );
}
