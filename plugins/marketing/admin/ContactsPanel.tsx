import {
  api,
  Badge,
  Button,
  Card,
  DataTable,
  EmptyState,
  errorText,
  Field,
  FilterSelect,
  FormActions,
  Icon,
  Input,
  Pagination,
  QueryView,
  Row,
  Select,
  Stack,
  TableScroll,
  useSearchInput,
  useToast,
} from '@lectern/admin/kit';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportForm } from './ImportForm';
import { API, keys, PAGE_SIZE, STATUSES, type Contact, type MailingList, type StatusCode } from './model';
import { RowAction, useConfirmedDelete } from './row-actions';

/**
 * The site's contacts, newest first: searched by address or name, filtered by list and status,
 * paged; one is added above the table (its address is checked first) and deleted after a confirmation.
 */
export function ContactsPanel() {
  const { t } = useTranslation('marketing-admin');
  const [offset, setOffset] = useState(0);
  const [list, setList] = useState('');
  const [status, setStatus] = useState<StatusCode | ''>('');
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const { typed, setTyped, search } = useSearchInput(() => setOffset(0));
  const lists = useQuery({ queryKey: keys.lists, queryFn: () => api<{ items: MailingList[] }>(`${API}/lists`) });
  const filters = { offset, list, status, search };
  const contacts = useQuery({
    queryKey: keys.contacts(filters),
    queryFn: () => {
      const query = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(offset) });
      if (list !== '') query.set('list', list);
      if (status !== '') query.set('status', status);
      if (search !== '') query.set('search', search);
      return api<{ items: Contact[]; total: number }>(`${API}/contacts?${query}`);
    },
    placeholderData: keepPreviousData,
  });
  const removal = useConfirmedDelete<Contact>({
    path: (contact) => `${API}/contacts/${contact.id}`,
    invalidate: ['marketing'],
    title: (contact) => t('contacts.deleteTitle', { email: contact.email }),
    body: () => t('contacts.deleteBody'),
    confirmLabel: t('contacts.delete'),
    deleted: (contact) => t('contacts.deleted', { email: contact.email }),
  });
  const listItems = lists.data?.items ?? [];
  const listName = (id: string) => listItems.find((item) => item.id === id)?.name ?? '…';
  return (
    <Stack style={{ marginTop: '1rem' }}>
      <Row $wrap style={{ alignItems: 'flex-end' }}>
        <div style={{ flex: '1 1 14rem' }}>
          <Field label={t('contacts.search')}>
            <Input type="search" value={typed} onChange={(e) => setTyped(e.target.value)} maxLength={200} data-testid="contact-search" />
          </Field>
        </div>
        <FilterSelect
          label={t('contacts.list')}
          value={list}
          options={listItems.map((item) => item.id)}
          optionLabel={listName}
          onChange={(value) => {
            setList(value);
            setOffset(0);
          }}
          flex="0 1 12rem"
        />
        <FilterSelect
          label={t('contacts.status')}
          value={status}
          options={STATUSES}
          optionLabel={(code) => t(`status.${code}`)}
          onChange={(value) => {
            setStatus(value);
            setOffset(0);
          }}
          flex="0 1 10rem"
        />
        <Button onClick={() => setAdding(true)} disabled={adding} data-testid="new-contact">
          <Icon name="plus" />
          {t('contacts.add')}
        </Button>
        <Button $variant="secondary" onClick={() => setImporting(true)} disabled={importing} data-testid="import-contacts">
          <Icon name="upload" />
          {t('import.button')}
        </Button>
      </Row>
      {adding ? <ContactForm lists={listItems} onDone={() => setAdding(false)} /> : null}
      {importing ? <ImportForm lists={listItems} onDone={() => setImporting(false)} /> : null}
      <QueryView
        query={contacts}
        isEmpty={(data) => data.total === 0}
        empty={<EmptyState title={search === '' && list === '' && status === '' ? t('contacts.none') : t('contacts.noMatch')} hint={t('contacts.noneHint')} />}
      >
        {(data) => (
          <Card>
            <TableScroll>
              <DataTable
                data-testid="contact-table"
                columns={[
                  t('contacts.email'),
                  t('contacts.name'),
                  t('contacts.status'),
                  t('contacts.lists'),
                  <span className="visually-hidden">{t('actions')}</span>,
                ]}
              >
                {data.items.map((contact) => (
                  <tr key={contact.id} data-testid="contact-row">
                    <td>{contact.email}</td>
                    <td>{contact.name}</td>
                    <td>
                      <Badge $tone={contact.status === 1 ? 'success' : 'neutral'}>{t(`status.${contact.status}`)}</Badge>
                    </td>
                    <td>{contact.lists.map(listName).join(', ')}</td>
                    <td>
                      <RowAction
                        icon="trash"
                        label={t('contacts.deleteLabel', { email: contact.email })}
                        onClick={() => removal.ask(contact)}
                        testId="contact-delete"
                      />
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

/** A contact added by hand: the address (checked by the server: a failed check adds nothing, and says why), a name and a list. */
function ContactForm({ lists, onDone }: { lists: MailingList[]; onDone: () => void }) {
  const { t } = useTranslation('marketing-admin');
  const toast = useToast();
  const queries = useQueryClient();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [list, setList] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      api<Contact>(`${API}/contacts`, { method: 'POST', body: { email: email.trim(), name: name.trim(), ...(list === '' ? {} : { lists: [list] }) } }),
    onSuccess: (contact) => {
      toast(t('contacts.added', { email: contact.email }));
      void queries.invalidateQueries({ queryKey: ['marketing'] });
      onDone();
    },
    // SPEC §8: a failure to add to the list reaches the owner as a toast with the server's message.
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/.test(email.trim()) ? null : t('contacts.emailInvalid');
    setEmailError(problem);
    if (problem === null) save.mutate();
  };
  return (
    <Card as="form" onSubmit={submit} noValidate data-testid="contact-form" style={{ maxWidth: '36rem' }}>
      <Stack>
        <Field label={t('contacts.email')} error={emailError} hint={t('contacts.emailHint')}>
          <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} maxLength={320} required autoFocus data-testid="contact-email" />
        </Field>
        <Field label={t('contacts.name')}>
          <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={200} />
        </Field>
        <Field label={t('contacts.list')}>
          <Select value={list} onChange={(e) => setList(e.target.value)} data-testid="contact-list">
            <option value="">{t('contacts.noList')}</option>
            {lists.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </Select>
        </Field>
        <FormActions busy={save.isPending} label={t('contacts.add')} busyLabel={t('saving')} onCancel={onDone} />
      </Stack>
    </Card>
  );
}
