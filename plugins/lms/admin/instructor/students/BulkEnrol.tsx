import { api, Badge, Button, Card, DataTable, errorText, Field, Row, Stack, TableScroll, Textarea, useToast, type Tone } from '@lectern/admin/kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePicker } from '../../shared/FilePicker';
import { API, keys } from '../model';
import { BULK_LIMIT, type BulkResult, type BulkRow } from './model';

const TONES: Record<BulkResult, Tone> = {
  enrolled: 'success',
  already_enrolled: 'info',
  seats: 'warning',
  not_member: 'warning',
  invalid_email: 'danger',
  failed: 'danger',
};

/** Enrols the members listed in a CSV of email addresses (typed, pasted or read from a file) and shows each row's outcome. */
export function BulkEnrol({ courseId }: { courseId: string }) {
  const { t } = useTranslation('lms-instructor');
  const toast = useToast();
  const queries = useQueryClient();
  const [csv, setCsv] = useState('');
  const [error, setError] = useState<string | null>(null);
  const enrol = useMutation({
    mutationFn: () => api<{ results: BulkRow[] }>(`${API}/roster/${courseId}/bulk`, { method: 'POST', body: { csv } }),
    onSuccess: ({ results }) => {
      const enrolled = results.filter((r) => r.result === 'enrolled').length;
      toast(t('bulk.done', { enrolled, total: results.length }));
      void queries.invalidateQueries({ queryKey: keys.roster(courseId) });
      void queries.invalidateQueries({ queryKey: keys.course(courseId) });
      void queries.invalidateQueries({ queryKey: keys.courses });
    },
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  const readFile = (file: File | null) => {
    if (file !== null) void file.text().then(setCsv);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rows = csv.split(/\r?\n/).filter((line) => line.trim() !== '').length;
    if (rows === 0) setError(t('bulk.empty'));
    else if (rows > BULK_LIMIT) setError(t('bulk.tooMany', { limit: BULK_LIMIT }));
    else {
      setError(null);
      enrol.mutate();
    }
  };
  const results = enrol.data?.results;
  return (
    <Card as="form" onSubmit={submit} noValidate data-testid="bulk-enrol-form">
      <Stack $gap="0.75rem">
        <h2 style={{ margin: 0 }}>{t('bulk.title')}</h2>
        <Field label={t('bulk.csv')} hint={t('bulk.hint', { limit: BULK_LIMIT })} error={error}>
          <Textarea value={csv} onChange={(e) => setCsv(e.target.value)} maxLength={200_000} rows={5} data-testid="bulk-csv" />
        </Field>
        <Field label={t('bulk.fileLabel')} hint={t('bulk.fileHint')}>
          <FilePicker
            accept=".csv,text/csv,text/plain"
            onFile={readFile}
            buttonLabel={t('bulk.chooseFile')}
            noneLabel={t('bulk.noFile')}
            data-testid="bulk-file"
          />
        </Field>
        <Row $wrap>
          <Button type="submit" disabled={enrol.isPending} data-testid="bulk-enrol">
            {enrol.isPending ? t('bulk.enrolling') : t('bulk.submit')}
          </Button>
        </Row>
        {results === undefined ? null : (
          <TableScroll>
            <DataTable data-testid="bulk-results" columns={[t('bulk.row'), t('bulk.email'), t('bulk.outcome')]}>
              {results.map((r) => (
                <tr key={r.row} data-result={r.result}>
                  <td className="num">{r.row}</td>
                  <td>{r.email}</td>
                  <td>
                    <Badge $tone={TONES[r.result]}>{t(`bulk.result.${r.result}`)}</Badge>
                  </td>
                </tr>
              ))}
            </DataTable>
          </TableScroll>
        )}
      </Stack>
    </Card>
  );
}
