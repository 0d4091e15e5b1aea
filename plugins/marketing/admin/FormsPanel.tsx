import { api, Badge, Button, Card, DataTable, EmptyState, Icon, QueryView, Row, Stack, TableScroll } from '@lectern/admin/kit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormBuilder } from './FormBuilder';
import { API, formKeys, type MarketingForm } from './model';
import { RowAction, useConfirmedDelete } from './row-actions';
import { SubmissionsView } from './SubmissionsView';

type View = { kind: 'list' } | { kind: 'edit'; form: MarketingForm | null } | { kind: 'submissions'; form: MarketingForm };

/**
 * SPEC §2 /dashboard/manage/marketing/forms: the site's forms with their submission counts; a form
 * is built or changed in the builder, its submissions read, searched and exported, and it is
 * deleted (with its submissions) after a confirmation.
 */
export function FormsPanel() {
  const { t, i18n } = useTranslation('marketing-admin');
  const [view, setView] = useState<View>({ kind: 'list' });
  const forms = useQuery({ queryKey: formKeys.all, queryFn: () => api<{ items: MarketingForm[] }>(`${API}/forms`) });
  const removal = useConfirmedDelete<MarketingForm>({
    path: (form) => `${API}/forms/${form.id}`,
    invalidate: formKeys.all,
    title: (form) => t('forms.deleteTitle', { name: form.name }),
    body: (form) => t('forms.deleteBody', { count: form.submissions }),
    confirmLabel: t('forms.delete'),
    deleted: (form) => t('forms.deleted', { name: form.name }),
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
                        <RowAction
                          icon="eye"
                          label={t('forms.submissionsLabel', { name: form.name })}
                          onClick={() => setView({ kind: 'submissions', form })}
                          testId="form-submissions"
                        />
                        <RowAction
                          icon="pen"
                          label={t('forms.editLabel', { name: form.name })}
                          onClick={() => setView({ kind: 'edit', form })}
                          testId="form-edit"
                        />
                        <RowAction icon="trash" label={t('forms.deleteLabel', { name: form.name })} onClick={() => removal.ask(form)} testId="form-delete" />
                      </Row>
                    </td>
                  </tr>
                ))}
              </DataTable>
            </TableScroll>
          </Card>
        )}
      </QueryView>
      {removal.dialog}
    </Stack>
  );
}
