import {
  api,
  Badge,
  Button,
  Card,
  ConfirmDialog,
  DataTable,
  EmptyState,
  errorText,
  Icon,
  QueryView,
  Row,
  Stack,
  TableScroll,
  useToast,
} from '@lectern/admin/kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormBuilder } from './FormBuilder';
import { API, formKeys, type MarketingForm } from './model';
import { SubmissionsView } from './SubmissionsView';

type View = { kind: 'list' } | { kind: 'edit'; form: MarketingForm | null } | { kind: 'submissions'; form: MarketingForm };

/**
 * SPEC §2 /dashboard/manage/marketing/forms: the site's forms with their submission counts; a form
 * is built or changed in the builder, its submissions read, searched and exported, and it is
 * deleted (with its submissions) after a confirmation.
 */
export function FormsPanel() {
  const { t, i18n } = useTranslation('marketing-admin');
  const toast = useToast();
  const queries = useQueryClient();
  const [view, setView] = useState<View>({ kind: 'list' });
  const [deleting, setDeleting] = useState<MarketingForm | null>(null);
  const forms = useQuery({ queryKey: formKeys.all, queryFn: () => api<{ items: MarketingForm[] }>(`${API}/forms`) });
  const remove = useMutation({
    mutationFn: (form: MarketingForm) => api(`${API}/forms/${form.id}`, { method: 'DELETE' }),
    onSuccess: (_answer, form) => {
      setDeleting(null);
      toast(t('forms.deleted', { name: form.name }));
      void queries.invalidateQueries({ queryKey: formKeys.all });
    },
    onError: (failure) => {
      setDeleting(null);
      toast(errorText(t, failure), 'danger');
    },
  });
  const back = () => setView({ kind: 'list' });
  if (view.kind === 'edit') return <FormBuilder form={view.form} onDone={back} />;
  if (view.kind === 'submissions') return <SubmissionsView form={view.form} onBack={back} />;

  const number = new Intl.NumberFormat(i18n.language);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Stack style={{ marginTop: '1rem' }}>
      <div>
        <Button onClick={() => setView({ kind: 'edit', form: null })} data-testid="new-form">
          <Icon name="plus" />
          {t('forms.new')}
        </Button>
      </div>
      <QueryView query={forms} isEmpty={(data) => data.items.length === 0} empty={<EmptyState title={t('forms.none')} hint={t('forms.noneHint')} />}>
        {(data) => (
          <Card>
            <TableScroll>
              <DataTable
                data-testid="form-table"
                columns={[
                  t('forms.name'),
                  t('forms.status'),
                  t('forms.submissions'),
                  t('forms.lastSubmission'),
                  <span className="visually-hidden">{t('actions')}</span>,
                ]}
              >
                {data.items.map((form) => (
                  <tr key={form.id} data-testid="form-row">
                    <td>{form.name}</td>
                    <td>
                      <Badge $tone={form.status === 'published' ? 'success' : undefined}>{t(`forms.statuses.${form.status}`)}</Badge>
                    </td>
                    <td className="num">{number.format(form.submissions)}</td>
                    <td>{form.last_submission_at === null ? '—' : date.format(new Date(form.last_submission_at))}</td>
                    <td>
                      <Row style={{ gap: '0.25rem', flexWrap: 'nowrap' }}>
                        <Button
                          $variant="ghost"
                          onClick={() => setView({ kind: 'submissions', form })}
                          aria-label={t('forms.submissionsLabel', { name: form.name })}
                          data-testid="form-submissions"
                        >
                          <Icon name="eye" />
                        </Button>
                        <Button
                          $variant="ghost"
                          onClick={() => setView({ kind: 'edit', form })}
                          aria-label={t('forms.editLabel', { name: form.name })}
                          data-testid="form-edit"
                        >
                          <Icon name="pen" />
                        </Button>
                        <Button
                          $variant="ghost"
                          onClick={() => setDeleting(form)}
                          aria-label={t('forms.deleteLabel', { name: form.name })}
                          data-testid="form-delete"
                        >
                          <Icon name="trash" />
                        </Button>
                      </Row>
                    </td>
                  </tr>
                ))}
              </DataTable>
            </TableScroll>
          </Card>
        )}
      </QueryView>
      <ConfirmDialog
        open={deleting !== null}
        title={t('forms.deleteTitle', { name: deleting?.name ?? '' })}
        body={t('forms.deleteBody', { count: deleting?.submissions ?? 0 })}
        confirmLabel={t('forms.delete')}
        busy={remove.isPending}
        onConfirm={() => deleting !== null && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
