import {
  api,
  apiBlob,
  Button,
  Card,
  DataTable,
  EmptyState,
  errorText,
  Field,
  Icon,
  Input,
  Pagination,
  QueryView,
  Row,
  saveBlob,
  Stack,
  TableScroll,
  useSearchInput,
  useToast,
} from '@lectern/admin/kit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API, formKeys, PAGE_SIZE, type FormSubmission, type MarketingForm } from './model';
import { RowAction, useConfirmedDelete } from './row-actions';

/** The columns the table shows (the CSV has every field). */
const SHOWN_FIELDS = 4;

/** A form's submissions, newest first: searched in their answers, paged, exported as CSV, one deleted after a confirmation. */
export function SubmissionsView({ form, onBack }: { form: MarketingForm; onBack: () => void }) {
  const { t, i18n } = useTranslation('marketing-admin');
  const toast = useToast();
  const [offset, setOffset] = useState(0);
  const [exporting, setExporting] = useState(false);
  const { typed, setTyped, search } = useSearchInput(() => setOffset(0));
  const submissions = useQuery({
    queryKey: formKeys.submissions(form.id, { offset, search }),
    queryFn: () => {
      const query = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(offset) });
      if (search !== '') query.set('search', search);
      return api<{ items: FormSubmission[]; total: number }>(`${API}/forms/${form.id}/submissions?${query}`);
    },
    placeholderData: keepPreviousData,
  });
  const removal = useConfirmedDelete<FormSubmission>({
    path: (submission) => `${API}/forms/${form.id}/submissions/${submission.id}`,
    invalidate: formKeys.all,
    title: () => t('submissions.deleteTitle'),
    body: () => t('submissions.deleteBody'),
    confirmLabel: t('submissions.delete'),
    deleted: () => t('submissions.deleted'),
  });
  const exportCsv = async () => {
    setExporting(true);
    try {
      const blob = await apiBlob(`${API}/forms/${form.id}/submissions.csv`, search === '' ? undefined : { search });
      saveBlob(blob, `${form.name.replace(/[^\p{L}\p{N}]+/gu, '-').toLowerCase() || 'form'}-submissions.csv`);
    } catch (failure) {
      toast(errorText(t, failure), 'danger');
    } finally {
      setExporting(false);
    }
  };
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const shown = form.fields.slice(0, SHOWN_FIELDS);
  /** A file the visitor sent, from the site's managers-only storage (this member may read it). */
  const download = async (file: { name: string; path: string }) => {
    try {
      saveBlob(await apiBlob(`/storage/v1/object/authenticated/${file.path.split('/').map(encodeURIComponent).join('/')}`), file.name);
    } catch (failure) {
      toast(errorText(t, failure), 'danger');
    }
  };
  const answer = (value: FormSubmission['answers'][string] | undefined) =>
    value === undefined ? (
      ''
    ) : Array.isArray(value) ? (
      value.join(', ')
    ) : typeof value === 'boolean' ? (
      t(value ? 'submissions.yes' : 'submissions.no')
    ) : typeof value === 'object' ? (
      <Button
        type="button"
        $variant="ghost"
        onClick={() => void download(value)}
        aria-label={t('submissions.download', { name: value.name })}
        data-testid="submission-file"
      >
        <Icon name="file" />
        {value.name}
      </Button>
    ) : (
      String(value)
    );

  return (
    <Stack style={{ marginTop: '1rem' }} data-testid="submissions-view">
      <Row $wrap style={{ alignItems: 'center' }}>
        <Button $variant="ghost" onClick={onBack} data-testid="submissions-back">
          ← {t('submissions.back')}
        </Button>
        <h2 style={{ margin: 0, flex: '1 1 auto' }}>{t('submissions.title', { name: form.name })}</h2>
      </Row>
      <Row $wrap style={{ alignItems: 'flex-end' }}>
        <div style={{ flex: '1 1 14rem' }}>
          <Field label={t('submissions.search')}>
            <Input type="search" value={typed} onChange={(e) => setTyped(e.target.value)} maxLength={200} data-testid="submission-search" />
          </Field>
        </div>
        <Button
          $variant="secondary"
          onClick={() => void exportCsv()}
          disabled={exporting || (submissions.data?.total ?? 0) === 0}
          data-testid="submissions-export"
        >
          <Icon name="file" />
          {exporting ? t('submissions.exporting') : t('submissions.export')}
        </Button>
      </Row>
      <QueryView
        query={submissions}
        isEmpty={(data) => data.total === 0}
        empty={<EmptyState title={search === '' ? t('submissions.none') : t('submissions.noMatch')} hint={t('submissions.noneHint')} />}
      >
        {(data) => (
          <Card>
            <TableScroll>
              <DataTable
                data-testid="submission-table"
                columns={[t('submissions.date'), ...shown.map((field) => field.label), <span className="visually-hidden">{t('actions')}</span>]}
              >
                {data.items.map((submission) => (
                  <tr key={submission.id} data-testid="submission-row">
                    <td style={{ whiteSpace: 'nowrap' }}>{date.format(new Date(submission.created_at))}</td>
                    {shown.map((field) => (
                      <td key={field.key} style={{ maxWidth: '18rem', overflowWrap: 'anywhere' }}>
                        {answer(submission.answers[field.key])}
                      </td>
                    ))}
                    <td>
                      <RowAction icon="trash" label={t('submissions.deleteLabel')} onClick={() => removal.ask(submission)} testId="submission-delete" />
                    </td>
                  </tr>
                ))}
              </DataTable>
            </TableScroll>
            <Pagination offset={offset} limit={PAGE_SIZE} total={data.total} onChange={setOffset} />
          </Card>
        )}
      </QueryView>
      {removal.dialog}
    </Stack>
  );
}
