import { api, Badge, Button, Card, ConfirmDialog, EmptyState, errorText, Muted, QueryView, Row, Stack, useToast } from '@lectern/admin/kit';
import { arrayMove } from '@dnd-kit/helpers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API, keys } from '../model';
import { QuestionForm } from './QuestionForm';
import type { Question } from './questions';

interface Bank {
  questions: Question[];
  total_marks: number;
}

/** A quiz's questions in order with their marks: add, change, reorder (up/down) and delete after a confirmation. */
export function QuestionBank({ courseId, quizId }: { courseId: string; quizId: string }) {
  const { t } = useTranslation('lms-instructor');
  const toast = useToast();
  const queries = useQueryClient();
  const key = keys.questions(courseId, quizId);
  const bank = useQuery({ queryKey: key, queryFn: () => api<Bank>(`${API}/quizzes/${quizId}/questions`) });
  // 'new', a question id being edited, or nothing.
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Question | null>(null);
  const refresh = () => void queries.invalidateQueries({ queryKey: key });
  const reorder = useMutation({
    mutationFn: (ids: string[]) => api<Bank>(`${API}/quizzes/${quizId}/question-order`, { method: 'PUT', body: { ids } }),
    onSuccess: (saved) => queries.setQueryData(key, saved),
    onError: (failure) => {
      toast(errorText(t, failure), 'danger');
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (question: Question) => api<{ status: boolean }>(`${API}/quizzes/${quizId}/questions/${question.id}`, { method: 'DELETE' }),
    onSuccess: () => {
      setDeleting(null);
      toast(t('questions.deleted'));
      refresh();
    },
    onError: (failure) => {
      setDeleting(null);
      toast(errorText(t, failure), 'danger');
    },
  });
  const done = () => {
    setEditing(null);
    refresh();
  };

  return (
    <Card data-testid="question-bank">
      <Stack>
        <Row $wrap style={{ justifyContent: 'space-between' }}>
          <h2 style={{ margin: 0 }}>{t('questions.title')}</h2>
          <Button type="button" onClick={() => setEditing('new')} disabled={editing === 'new'} data-testid="add-question">
            {t('questions.new')}
          </Button>
        </Row>
        {editing === 'new' ? <QuestionForm quizId={quizId} question={null} onDone={done} onCancel={() => setEditing(null)} /> : null}
        <QueryView
          query={bank}
          isEmpty={(data) => data.questions.length === 0}
          empty={<EmptyState title={t('questions.none')} hint={t('questions.noneHint')} />}
        >
          {(data) => (
            <Stack $gap="0.5rem">
              <Muted data-testid="question-total">{t('questions.total', { questions: data.questions.length, marks: data.total_marks })}</Muted>
              <ol style={{ display: 'grid', gap: '0.5rem', paddingInlineStart: '1.5rem', margin: 0 }}>
                {data.questions.map((question, index) =>
                  editing === question.id ? (
                    <li key={question.id}>
                      <QuestionForm quizId={quizId} question={question} onDone={done} onCancel={() => setEditing(null)} />
                    </li>
                  ) : (
                    <li key={question.id} data-testid="question-row" data-question={question.id}>
                      <Row $wrap $gap="0.5rem">
                        <Badge $tone="info">{t(`questionType.${question.type}`)}</Badge>
                        <span style={{ flex: 1 }}>{question.prompt}</span>
                        <Muted as="span">{t('questions.marksShort', { marks: question.marks })}</Muted>
                        <Button
                          type="button"
                          $variant="ghost"
                          disabled={index === 0 || reorder.isPending}
                          onClick={() =>
                            reorder.mutate(
                              arrayMove(
                                data.questions.map((q) => q.id),
                                index,
                                index - 1,
                              ),
                            )
                          }
                          aria-label={t('questions.moveUp', { number: index + 1 })}
                        >
                          ↑
                        </Button>
                        <Button
                          type="button"
                          $variant="ghost"
                          disabled={index === data.questions.length - 1 || reorder.isPending}
                          onClick={() =>
                            reorder.mutate(
                              arrayMove(
                                data.questions.map((q) => q.id),
                                index,
                                index + 1,
                              ),
                            )
                          }
                          aria-label={t('questions.moveDown', { number: index + 1 })}
                        >
                          ↓
                        </Button>
                        <Button type="button" $variant="ghost" onClick={() => setEditing(question.id)} data-testid="question-edit">
                          {t('questions.edit')}
                        </Button>
                        <Button type="button" $variant="ghost" onClick={() => setDeleting(question)} data-testid="question-delete">
                          {t('questions.delete')}
                        </Button>
                      </Row>
                    </li>
                  ),
                )}
              </ol>
            </Stack>
          )}
        </QueryView>
      </Stack>
      <ConfirmDialog
        open={deleting !== null}
        title={t('questions.confirmDelete')}
        body={t('questions.confirmDeleteBody')}
        confirmLabel={t('questions.delete')}
        busy={remove.isPending}
        onConfirm={() => deleting !== null && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}
