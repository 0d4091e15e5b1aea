import {
  api,
  Button,
  Card,
  DataTable,
  errorText,
  Field,
  FormActions,
  Muted,
  ProgressBar,
  Row,
  saveText,
  Select,
  Stack,
  TableScroll,
  useToast,
} from '@lectern/admin/kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { API, type MailingList } from './model';

/** What the server takes in one import (its CSV text, in characters). */
const MAX_CHARS = 900_000;
/** Rejects listed on the page; the downloaded report has them all. */
const SHOWN_REJECTS = 50;

interface ImportView {
  id: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  total: number;
  processed: number;
  created: number;
  updated: number;
  rejected: number;
  rejects: Array<{ line: number; email: string; reason: string }>;
}

/**
 * Contacts from a CSV file: the file is read in the browser and sent as text, the import runs as a
 * job whose progress is shown as it goes, and the rows it refused are listed by line with the reason
 * (and downloadable as a CSV to fix and import again).
 */
export function ImportForm({ lists, onDone }: { lists: MailingList[]; onDone: () => void }) {
  const { t, i18n } = useTranslation('marketing-admin');
  const toast = useToast();
  const queries = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [list, setList] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [importId, setImportId] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: async (chosen: File) =>
      api<ImportView>(`${API}/contacts/imports`, { method: 'POST', body: { csv: await chosen.text(), ...(list === '' ? {} : { lists: [list] }) } }),
    onSuccess: (started) => setImportId(started.id),
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  const progress = useQuery({
    queryKey: ['marketing', 'import', importId],
    queryFn: () => api<ImportView>(`${API}/contacts/imports/${importId ?? ''}`),
    enabled: importId !== null,
    // Asked again each second until the import is over.
    refetchInterval: (query) =>
      query.state.data === undefined || query.state.data.status === 'queued' || query.state.data.status === 'running' ? 1000 : false,
  });
  const report = progress.data;
  const over = report !== undefined && (report.status === 'done' || report.status === 'failed');
  // Finished: the contact lists and counts show what it added.
  useEffect(() => {
    if (over) void queries.invalidateQueries({ queryKey: ['marketing'], predicate: (query) => query.queryKey[1] !== 'import' });
  }, [over, queries]);
  const number = new Intl.NumberFormat(i18n.language);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = file === null ? t('import.fileRequired') : file.size > MAX_CHARS ? t('import.tooBig') : null;
    setFileError(problem);
    if (problem === null && file !== null) start.mutate(file);
  };
  const download = (view: ImportView) =>
    saveText(
      ['line,email,reason', ...view.rejects.map((reject) => `${reject.line},"${reject.email.replaceAll('"', '""')}",${reject.reason}`)].join('\n'),
      'import-rejects.csv',
    );
  return (
    <Card as="form" onSubmit={submit} noValidate data-testid="import-form" style={{ maxWidth: '44rem' }}>
      <Stack>
        <h2 style={{ margin: 0, fontSize: '1.1rem' }}>{t('import.title')}</h2>
        {importId === null ? (
          <>
            <Field label={t('import.file')} hint={t('import.fileHint')} error={fileError}>
              <input type="file" accept=".csv,text/csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} data-testid="import-file" />
            </Field>
            <Field label={t('contacts.list')}>
              <Select value={list} onChange={(e) => setList(e.target.value)}>
                <option value="">{t('contacts.noList')}</option>
                {lists.map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.name}
                  </option>
                ))}
              </Select>
            </Field>
            <FormActions busy={start.isPending} label={t('import.start')} busyLabel={t('import.starting')} onCancel={onDone} />
          </>
        ) : report === undefined ? (
          <Muted role="status">{t('import.starting')}</Muted>
        ) : (
          <>
            <ProgressBar
              ratio={report.total === 0 ? 1 : report.processed / report.total}
              tone={report.status === 'failed' ? 'danger' : 'primary'}
              label={t('import.progressLabel')}
              max={report.total}
              now={report.processed}
              valueText={t('import.progress', { processed: number.format(report.processed), total: number.format(report.total) })}
            />
            <p role="status" data-testid="import-status" style={{ margin: 0 }}>
              {over
                ? t(report.status === 'done' ? 'import.done' : 'import.failed', {
                    created: number.format(report.created),
                    updated: number.format(report.updated),
                    rejected: number.format(report.rejected),
                  })
                : t('import.progress', { processed: number.format(report.processed), total: number.format(report.total) })}
            </p>
            {over && report.rejects.length > 0 ? (
              <>
                <TableScroll>
                  <DataTable data-testid="import-rejects" columns={[t('import.line'), t('contacts.email'), t('import.reason')]}>
                    {report.rejects.slice(0, SHOWN_REJECTS).map((reject) => (
                      <tr key={reject.line}>
                        <td className="num">{reject.line}</td>
                        <td>{reject.email}</td>
                        <td>{t(`reason.${reject.reason}`, { defaultValue: reject.reason })}</td>
                      </tr>
                    ))}
                  </DataTable>
                </TableScroll>
                {report.rejects.length > SHOWN_REJECTS ? <Muted>{t('import.more', { count: report.rejects.length - SHOWN_REJECTS })}</Muted> : null}
                <div>
                  <Button type="button" $variant="secondary" onClick={() => download(report)} data-testid="import-download">
                    {t('import.download')}
                  </Button>
                </div>
              </>
            ) : null}
            {over ? (
              <Row>
                <Button type="button" onClick={onDone} data-testid="import-close">
                  {t('import.close')}
                </Button>
              </Row>
            ) : null}
          </>
        )}
      </Stack>
    </Card>
  );
}
