import { api, ApiError, Button, Card, errorText, Field, Input, Row, Stack, useToast } from '@lectern/admin/kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { API, keys } from '../model';
import type { BulkRow } from './model';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Enrols one member by hand. Instructors cannot list the site's members, so the member is named by
 * email (sent as a one-row CSV to the bulk route, which looks members up by email) or by user id.
 */
export function AddStudentForm({ courseId }: { courseId: string }) {
  const { t } = useTranslation('lms-instructor');
  const toast = useToast();
  const queries = useQueryClient();
  const [who, setWho] = useState('');
  const [error, setError] = useState<string | null>(null);
  const refresh = () => {
    void queries.invalidateQueries({ queryKey: keys.roster(courseId) });
    void queries.invalidateQueries({ queryKey: keys.course(courseId) });
    void queries.invalidateQueries({ queryKey: keys.courses });
  };
  const add = useMutation({
    mutationFn: async (value: string): Promise<BulkRow['result']> => {
      if (UUID.test(value)) {
        try {
          const res = await api<{ created?: boolean }>(`${API}/roster/${courseId}/${value}`, { method: 'POST', body: {} });
          return res.created === false ? 'already_enrolled' : 'enrolled';
        } catch (failure) {
          // 409 {status: 0, code: 'seats'} when the course is full.
          if (failure instanceof ApiError && failure.status === 409) return 'seats';
          throw failure;
        }
      }
      const res = await api<{ results: BulkRow[] }>(`${API}/roster/${courseId}/bulk`, { method: 'POST', body: { csv: value } });
      return res.results[0]?.result ?? 'failed';
    },
    onSuccess: (result) => {
      if (result === 'enrolled') {
        setWho('');
        toast(t('students.added'));
        refresh();
      } else setError(t(`bulk.result.${result}`));
    },
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = who.trim();
    if (!EMAIL.test(value) && !UUID.test(value)) {
      setError(t('students.whoInvalid'));
      return;
    }
    setError(null);
    add.mutate(value);
  };
  return (
    <Card as="form" onSubmit={submit} noValidate data-testid="add-student-form">
      <Stack $gap="0.75rem">
        <Row $wrap style={{ alignItems: 'flex-end' }}>
          <div style={{ flex: '1 1 18rem' }}>
            <Field label={t('students.who')} hint={t('students.whoHint')} error={error}>
              <Input value={who} onChange={(e) => setWho(e.target.value)} maxLength={320} data-testid="add-student-who" />
            </Field>
          </div>
          <Button type="submit" disabled={add.isPending} data-testid="add-student">
            {t('students.add')}
          </Button>
        </Row>
      </Stack>
    </Card>
  );
}
