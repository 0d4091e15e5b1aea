import type { ProfileMenuItemWire, ProfileMenuWire } from '@lectern/sdk/wire';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOTSTRAP_KEY } from '../../api/bootstrap';
import { api } from '../../api/client';
import { Card, Muted, Stack, Table } from '../../ui/primitives';
import { ErrorState, Loading } from '../../ui/states';
import { useToast } from '../../ui/toasts';
import { Check, ItemButtons, SaveBar } from './controls';
import { moveItem, replaceAt } from './model';
import { useDraft } from './useSite';

type Entry = ProfileMenuItemWire;

const KEY = ['profilemenu'] as const;

/** Which side-menu entries show, and in what order (GET/PUT /api/dashboard/profilemenu). */
export function SideMenuTab({ onDirty }: { onDirty: (dirty: boolean) => void }) {
  const list = useQuery({ queryKey: KEY, queryFn: () => api<ProfileMenuWire>('/api/dashboard/profilemenu') });
  if (list.isPending) return <Loading />;
  if (list.isError) return <ErrorState error={list.error} retry={() => void list.refetch()} />;
  return <Editor entries={list.data.entries} onDirty={onDirty} />;
}

function Editor({ entries, onDirty }: { entries: Entry[]; onDirty: (dirty: boolean) => void }) {
  const { t } = useTranslation('site');
  const toast = useToast();
  const queries = useQueryClient();
  const source = entries.map(({ id, label, path, enabled }) => ({ id, label, path, enabled }));
  const { draft, setDraft, dirty, reset } = useDraft(source, onDirty);
  const save = useMutation({
    mutationFn: () =>
      api<ProfileMenuWire>('/api/dashboard/profilemenu', {
        method: 'PUT',
        body: { entries: draft.map((e, index) => ({ id: e.id, enabled: e.enabled, order: index * 10 })) },
      }),
    onSuccess: (data) => {
      queries.setQueryData(KEY, data);
      void queries.invalidateQueries({ queryKey: BOOTSTRAP_KEY });
      toast(t('site.sideMenu.saved'));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Card>
          <Muted style={{ marginBottom: '1rem' }}>{t('site.sideMenu.hint')}</Muted>
          <div style={{ overflowX: 'auto' }}>
            <Table style={{ width: '100%' }}>
              <thead>
                <tr>
                  <th scope="col">{t('site.sideMenu.entry')}</th>
                  <th scope="col">{t('site.sideMenu.path')}</th>
                  <th scope="col">{t('common.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {draft.map((entry, index) => (
                  <tr key={entry.id} data-entry={entry.id}>
                    <td>
                      <Check
                        label={t(entry.label, { defaultValue: entry.id })}
                        checked={entry.enabled}
                        disabled={entry.id === 'home'}
                        onChange={(enabled) => setDraft((d) => replaceAt(d, index, { ...entry, enabled }))}
                      />
                    </td>
                    <td>
                      <code>{entry.path}</code>
                    </td>
                    <td>
                      {/* Entries cannot be removed, only switched off. */}
                      <ItemButtons
                        index={index}
                        count={draft.length}
                        name={t(entry.label, { defaultValue: entry.id })}
                        onMove={(delta) => setDraft((d) => moveItem(d, index, delta))}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        </Card>
        <SaveBar dirty={dirty} busy={save.isPending} error={save.error} onReset={() => (reset(), save.reset())} />
      </Stack>
    </form>
  );
}
