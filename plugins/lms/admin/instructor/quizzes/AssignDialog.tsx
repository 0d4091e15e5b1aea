import { api, Button, ConfirmDialog, DataTable, errorText, Muted, QueryView, Row, Stack, TableScroll, useToast } from '@lectern/admin/kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorText } from '../ui';
import { API } from '../model';
import { Dialog } from './Dialog';
import { quizKeys, type Assignee, type QuizRow } from './model';
import { RosterPicker } from './RosterPicker';

/**
 * Who a quiz is assigned to (SPEC §3 `assigned_quiz`): the current assignees, each removable after
 * a confirmation, and a search over the quiz course's roster to assign one more. Failures show
 * inside the dialog, since the page's toasts sit under its backdrop.
 */
export function AssignDialog({ quiz, onClose }: { quiz: QuizRow | null; onClose: () => void }) {
  const { t } = useTranslation('lms-instructor');
  return (
    <Dialog open={quiz !== null} title={quiz === null ? '' : t('assign.title', { title: quiz.title })} onClose={onClose} testId="assign-dialog">
      {quiz === null ? null : <AssignPanel key={quiz.id} quiz={quiz} onClose={onClose} />}
    </Dialog>
  );
}

function AssignPanel({ quiz, onClose }: { quiz: QuizRow; onClose: () => void }) {
  const { t, i18n } = useTranslation('lms-instructor');
  const toast = useToast();
  const queries = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Assignee | null>(null);
  const assignees = useQuery({
    queryKey: quizKeys.assignees(quiz.id),
    queryFn: () => api<{ assignees: Assignee[] }>(`${API}/quizzes/${quiz.id}/assignees`),
  });
  const path = (studentId: string) => `${API}/quizzes/${quiz.id}/assignees/${studentId}`;
  const refresh = () => void queries.invalidateQueries({ queryKey: quizKeys.assignees(quiz.id) });
  const assign = useMutation({
    mutationFn: (student: { id: string; name: string }) => api<{ status: boolean }>(path(student.id), { method: 'POST', body: {} }),
    onMutate: () => setFailure(null),
    onSuccess: (_r, student) => {
      toast(t('assign.assigned', { name: student.name }));
      refresh();
    },
    onError: (error) => setFailure(errorText(t, error)),
  });
  const remove = useMutation({
    mutationFn: (assignee: Assignee) => api<{ status: boolean }>(path(assignee.student_id), { method: 'DELETE' }),
    onMutate: () => setFailure(null),
    onSuccess: (_r, assignee) => {
      setRemoving(null);
      toast(t('assign.removed', { name: nameOf(assignee) }));
      refresh();
    },
    onError: (error) => {
      setRemoving(null);
      setFailure(errorText(t, error));
    },
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const nameOf = (a: Assignee) => a.name || t('assign.unnamed');
  const assigned = new Set(assignees.data?.assignees.map((a) => a.student_id) ?? []);

  return (
    <Stack>
      <Muted>{t('assign.course', { title: quiz.course.title })}</Muted>
      {failure === null ? null : (
        <ErrorText role="alert" data-testid="assign-error">
          {failure}
        </ErrorText>
      )}
      <section aria-labelledby={`assignees-${quiz.id}`}>
        <h3 id={`assignees-${quiz.id}`} style={{ fontSize: '1rem', margin: '0 0 0.5rem' }}>
          {t('assign.current')}
        </h3>
        <QueryView query={assignees} isEmpty={(data) => data.assignees.length === 0} empty={<Muted data-testid="assignees-none">{t('assign.none')}</Muted>}>
          {(data) => (
            <TableScroll>
              <DataTable columns={[t('assign.column.student'), t('assign.column.assigned'), t('assign.column.actions')]}>
                {data.assignees.map((assignee) => (
                  <tr key={assignee.student_id} data-testid="assignee-row" data-student={assignee.student_id}>
                    <td>{nameOf(assignee)}</td>
                    <td className="nowrap">
                      <time dateTime={assignee.assigned_at}>{date.format(new Date(assignee.assigned_at))}</time>
                    </td>
                    <td>
                      <Button
                        type="button"
                        $variant="ghost"
                        onClick={() => setRemoving(assignee)}
                        disabled={remove.isPending}
                        aria-label={t('assign.removeLabel', { name: nameOf(assignee) })}
                        data-testid="assignee-remove"
                      >
                        {t('assign.remove')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </DataTable>
            </TableScroll>
          )}
        </QueryView>
      </section>
      <RosterPicker courseId={quiz.course.id} assigned={assigned} busy={assign.isPending} onPick={(student) => assign.mutate(student)} />
      <Row style={{ justifyContent: 'flex-end' }}>
        <Button type="button" $variant="secondary" onClick={onClose} data-testid="assign-close">
          {t('assign.close')}
        </Button>
      </Row>
      {/* Opens as its own modal over this one; Dialog ignores its close event. */}
      <ConfirmDialog
        open={removing !== null}
        title={t('assign.confirmRemove', { name: removing === null ? '' : nameOf(removing) })}
        body={t('assign.confirmRemoveBody', { title: quiz.title })}
        confirmLabel={t('assign.remove')}
        busy={remove.isPending}
        onConfirm={() => removing !== null && remove.mutate(removing)}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
