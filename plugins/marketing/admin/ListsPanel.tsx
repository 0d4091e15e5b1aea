import {
  api,
  Badge,
  Button,
  Card,
  DataTable,
  EmptyState,
  errorText,
  Field,
  FormActions,
  Icon,
  Input,
  QueryView,
  Stack,
  TableScroll,
  useToast,
} from '@lectern/admin/kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { API, keys, type MailingList } from './model';
import { RowAction, useConfirmedDelete } from './row-actions';

/** The mailing lists with their contact counts; a list is made above the table and deleted after a confirmation (its contacts stay). */
export function ListsPanel() {
  const { t, i18n } = useTranslation('marketing-admin');
  const [creating, setCreating] = useState(false);
  const lists = useQuery({ queryKey: keys.lists, queryFn: () => api<{ items: MailingList[] }>(`${API}/lists`) });
  const removal = useConfirmedDelete<MailingList>({
    path: (list) => `${API}/lists/${list.id}`,
    invalidate: ['marketing'],
    title: (list) => t('lists.deleteTitle', { name: list.name }),
    body: () => t('lists.deleteBody'),
    confirmLabel: t('lists.delete'),
    deleted: (list) => t('lists.deleted', { name: list.name }),
  });
  const number = new Intl.NumberFormat(i18n.language);
  const newButton = (
    <Button onClick={() => setCreating(true)} disabled={creating} data-testid="new-list">
      <Icon name="plus" />
      {t('lists.new')}
    </Button>
  );
  return (
    <Stack style={{ marginTop: '1rem' }}>
      <div>{newButton}</div>
      {creating ? <ListForm onDone={() => setCreating(false)} /> : null}
      <QueryView
        query={lists}
        isEmpty={(data) => data.items.length === 0}
        empty={creating ? null : <EmptyState title={t('lists.none')} hint={t('lists.noneHint')} />}
      >
        {(data) => (
          <Card>
            <TableScroll>
              <DataTable
                data-testid="list-table"
                columns={[t('lists.name'), t('lists.contacts'), t('lists.active'), t('lists.optIn'), <span className="visually-hidden">{t('actions')}</span>]}
              >
                {data.items.map((list) => (
                  <tr key={list.id} data-testid="list-row">
                    <td>
                      {list.name}
                      {list.description === '' ? null : <div style={{ opacity: 0.7, fontSize: '0.85rem' }}>{list.description}</div>}
                    </td>
                    <td className="num">{number.format(list.contacts)}</td>
                    <td className="num">{number.format(list.active)}</td>
                    <td>{list.double_opt_in ? <Badge>{t('lists.optInOn')}</Badge> : null}</td>
                    <td>
                      <RowAction icon="trash" label={t('lists.deleteLabel', { name: list.name })} onClick={() => removal.ask(list)} testId="list-delete" />
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

/** A new list: its name (required, unique on the site), a description and whether new contacts confirm by e-mail. */
function ListForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('marketing-admin');
  const toast = useToast();
  const queries = useQueryClient();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [optIn, setOptIn] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => api<MailingList>(`${API}/lists`, { method: 'POST', body: { name: name.trim(), description: description.trim(), double_opt_in: optIn } }),
    onSuccess: (list) => {
      toast(t('lists.created', { name: list.name }));
      void queries.invalidateQueries({ queryKey: keys.lists });
      onDone();
    },
    // SPEC §8: a failure to add to the lists reaches the owner as a toast with the server's message.
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = name.trim() === '' ? t('lists.nameRequired') : null;
    setNameError(problem);
    if (problem === null) save.mutate();
  };
  return (
    <Card as="form" onSubmit={submit} noValidate data-testid="list-form" style={{ maxWidth: '36rem' }}>
      <Stack>
        <Field label={t('lists.name')} error={nameError}>
          <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={120} required autoFocus data-testid="list-name" />
        </Field>
        <Field label={t('lists.description')}>
          <Input value={description} onChange={(e) => setDescription(e.target.value)} maxLength={1000} />
        </Field>
        <label style={{ display: 'flex', gap: '0.5rem', alignItems: 'center' }}>
          <input type="checkbox" checked={optIn} onChange={(e) => setOptIn(e.target.checked)} />
          {t('lists.optInLabel')}
        </label>
        <FormActions busy={save.isPending} label={t('save')} busyLabel={t('saving')} onCancel={onDone} />
      </Stack>
    </Card>
  );
}
