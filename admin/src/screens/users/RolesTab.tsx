import type { CapabilityListWire, NewRoleBodyWire, RoleChangesBodyWire, RoleListWire } from '@lectern/sdk/wire';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOTSTRAP_KEY } from '../../api/bootstrap';
import { api } from '../../api/client';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Field } from '../../ui/Field';
import { FormActions } from '../../ui/FormActions';
import { DataTable } from '../../ui/DataTable';
import { Badge, Button, Card, Input, Muted, Row, Stack } from '../../ui/primitives';
import { QueryView } from '../../ui/QueryView';
import { EmptyState, ErrorState, errorText, Loading } from '../../ui/states';
import { useToast } from '../../ui/toasts';
import { Check, Fieldset } from '../site/controls';
import { ROLE_SLUG, ROLES_KEY, type Capability, type Role } from './types';

const CAPS_KEY = ['account-capabilities'] as const;

/** A slug suggested from a role name: lower case, words joined by hyphens. */
const slugOf = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^[^a-z]+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');

/** The account's roles: how many members hold each, create, edit capabilities, delete. */
export function RolesTab() {
  const { t } = useTranslation('users');
  const toast = useToast();
  const queries = useQueryClient();
  const roles = useQuery({ queryKey: ROLES_KEY, queryFn: () => api<RoleListWire>('/api/account/roles') });
  const caps = useQuery({ queryKey: CAPS_KEY, queryFn: () => api<CapabilityListWire>('/api/account/capabilities'), staleTime: Infinity });
  const [editing, setEditing] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Role | null>(null);
  const refresh = () => {
    void queries.invalidateQueries({ queryKey: ROLES_KEY });
    void queries.invalidateQueries({ queryKey: BOOTSTRAP_KEY });
  };
  const remove = useMutation({
    mutationFn: (role: Role) => api(`/api/account/roles/${role.id}`, { method: 'DELETE' }),
    onSuccess: (_data, role) => {
      setDeleting(null);
      if (editing === role.id) setEditing(null);
      toast(t('users.roles.deleted', { name: role.name }));
      refresh();
    },
    onError: (failure) => {
      setDeleting(null);
      toast(errorText(t, failure), 'danger');
    },
  });
  const makeDefault = useMutation({
    mutationFn: (role: Role) => api<Role>(`/api/account/roles/${role.id}`, { method: 'PUT', body: { is_default: true } satisfies RoleChangesBodyWire }),
    onSuccess: (role) => {
      toast(t('users.roles.madeDefault', { name: role.name }));
      refresh();
    },
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  if (roles.isPending) return <Loading />;
  if (roles.isError) return <ErrorState error={roles.error} retry={() => void roles.refetch()} />;
  const editingRole = roles.data.roles.find((r) => r.id === editing);
  return (
    <Stack>
      <Row $wrap style={{ justifyContent: 'space-between' }}>
        <Muted>{t('users.roles.hint')}</Muted>
        <Button onClick={() => (setCreating(true), setEditing(null))} disabled={creating} aria-expanded={creating}>
          {t('users.roles.create')}
        </Button>
      </Row>
      {creating ? <CreateRole existing={roles.data.roles} onDone={(id) => (setCreating(false), id !== undefined && setEditing(id))} /> : null}
      {roles.data.roles.length === 0 ? (
        <EmptyState title={t('users.roles.none')} />
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <DataTable
            style={{ width: '100%' }}
            columns={[t('common.name'), t('users.roles.slug'), t('users.roles.members'), t('users.roles.capabilities'), t('common.actions')]}
          >
            {roles.data.roles.map((role) => (
              <tr key={role.id} data-role={role.slug}>
                <td>
                  <Row $gap="0.4rem" $wrap>
                    <strong>{role.name}</strong>
                    {role.is_default ? <Badge $tone="info">{t('users.roles.default')}</Badge> : null}
                  </Row>
                </td>
                <td>
                  <code>{role.slug}</code>
                </td>
                <td>{t('users.roles.memberCount', { count: role.member_count })}</td>
                <td>{t('users.roles.capCount', { count: role.caps.length })}</td>
                <td>
                  <Row $gap="0.25rem" $wrap>
                    <Button
                      $variant="secondary"
                      onClick={() => (setEditing(editing === role.id ? null : role.id), setCreating(false))}
                      aria-expanded={editing === role.id}
                      aria-label={t('users.roles.editNamed', { name: role.name })}
                    >
                      {t('common.edit')}
                    </Button>
                    {!role.is_default ? (
                      <Button
                        $variant="ghost"
                        disabled={makeDefault.isPending}
                        onClick={() => makeDefault.mutate(role)}
                        aria-label={t('users.roles.makeDefaultNamed', { name: role.name })}
                      >
                        {t('users.roles.makeDefault')}
                      </Button>
                    ) : null}
                    <Button $variant="ghost" onClick={() => setDeleting(role)} aria-label={t('users.roles.deleteNamed', { name: role.name })}>
                      {t('common.delete')}
                    </Button>
                  </Row>
                </td>
              </tr>
            ))}
          </DataTable>
        </div>
      )}
      {editingRole !== undefined ? (
        <QueryView query={caps}>
          {(data) => (
            <EditRole key={editingRole.id + editingRole.caps.join()} role={editingRole} capabilities={data.capabilities} onClose={() => setEditing(null)} />
          )}
        </QueryView>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('users.roles.confirmDelete', { name: deleting?.name ?? '' })}
        body={
          deleting !== null && deleting.member_count > 0
            ? t('users.roles.confirmDeleteHeld', { count: deleting.member_count })
            : t('users.roles.confirmDeleteBody')
        }
        confirmLabel={t('common.delete')}
        busy={remove.isPending}
        onConfirm={() => deleting !== null && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

function CreateRole({ existing, onDone }: { existing: Role[]; onDone: (id?: string) => void }) {
  const { t } = useTranslation('users');
  const toast = useToast();
  const queries = useQueryClient();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const [errors, setErrors] = useState<{ name?: string; slug?: string }>({});
  const shownSlug = slugEdited ? slug : slugOf(name);
  const create = useMutation({
    mutationFn: () =>
      api<Role>('/api/account/roles', { method: 'POST', body: { name: name.trim(), slug: shownSlug, caps: ['read'] } satisfies NewRoleBodyWire }),
    onSuccess: (role) => {
      toast(t('users.roles.created', { name: role.name }));
      void queries.invalidateQueries({ queryKey: ROLES_KEY });
      void queries.invalidateQueries({ queryKey: BOOTSTRAP_KEY });
      onDone(role.id);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (name.trim() === '') next.name = t('users.roles.nameRequired');
    if (shownSlug.length < 2 || !ROLE_SLUG.test(shownSlug)) next.slug = t('users.roles.slugInvalid');
    else if (existing.some((r) => r.slug === shownSlug)) next.slug = t('users.roles.slugTaken');
    setErrors(next);
    if (Object.keys(next).length === 0) create.mutate();
  };
  return (
    <Card aria-labelledby="create-role-title">
      <h2 id="create-role-title" style={{ marginTop: 0 }}>
        {t('users.roles.createTitle')}
      </h2>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Field label={t('common.name')} error={errors.name}>
            <Input value={name} maxLength={100} autoFocus onChange={(e) => setName(e.target.value)} />
          </Field>
          <Field label={t('users.roles.slug')} hint={t('users.roles.slugHint')} error={errors.slug}>
            <Input value={shownSlug} maxLength={40} spellCheck={false} onChange={(e) => (setSlug(e.target.value), setSlugEdited(true))} />
          </Field>
          <Muted>{t('users.roles.createHint')}</Muted>
          {create.error !== null ? (
            <p role="alert" style={{ margin: 0 }}>
              {errorText(t, create.error)}
            </p>
          ) : null}
          <FormActions busy={create.isPending} label={t('common.create')} busyLabel={t('common.saving')} onCancel={() => onDone()} />
        </Stack>
      </form>
    </Card>
  );
}

function EditRole({ role, capabilities, onClose }: { role: Role; capabilities: Capability[]; onClose: () => void }) {
  const { t } = useTranslation('users');
  const toast = useToast();
  const queries = useQueryClient();
  const [name, setName] = useState(role.name);
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(role.caps));
  // A role may hold a capability no installed plugin declares any more: keep it listed so it can be removed.
  const known = new Set(capabilities.map((c) => c.name));
  const all: Capability[] = [...capabilities, ...role.caps.filter((c) => !known.has(c)).map((name) => ({ name, description: '' }))];
  const dirty = name.trim() !== role.name || chosen.size !== role.caps.length || role.caps.some((c) => !chosen.has(c));
  const save = useMutation({
    mutationFn: () =>
      api<Role>(`/api/account/roles/${role.id}`, {
        method: 'PUT',
        body: { name: name.trim(), caps: all.map((c) => c.name).filter((c) => chosen.has(c)) } satisfies RoleChangesBodyWire,
      }),
    onSuccess: (saved) => {
      toast(t('users.roles.saved', { name: saved.name }));
      void queries.invalidateQueries({ queryKey: ROLES_KEY });
      void queries.invalidateQueries({ queryKey: BOOTSTRAP_KEY });
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return;
    save.mutate();
  };
  const toggle = (cap: string, on: boolean) =>
    setChosen((old) => {
      const next = new Set(old);
      if (on) next.add(cap);
      else next.delete(cap);
      return next;
    });
  return (
    <Card aria-labelledby="edit-role-title" data-testid="edit-role">
      <h2 id="edit-role-title" style={{ marginTop: 0 }}>
        {t('users.roles.editTitle', { name: role.name })}
      </h2>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Field label={t('common.name')} error={name.trim() === '' ? t('users.roles.nameRequired') : null}>
            <Input value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
          </Field>
          <Fieldset>
            <legend>{t('users.roles.capabilities')}</legend>
            <Stack $gap="0.6rem">
              {all.map((cap) => (
                <div key={cap.name}>
                  <Check label={cap.name} checked={chosen.has(cap.name)} onChange={(on) => toggle(cap.name, on)} testId={`cap-${cap.name}`} />
                  {cap.description !== '' ? <Muted style={{ marginInlineStart: '1.6rem', fontSize: '0.9rem' }}>{cap.description}</Muted> : null}
                </div>
              ))}
            </Stack>
          </Fieldset>
          {chosen.has('manage_options') ? <Muted>{t('users.roles.manageWarning')}</Muted> : null}
          {save.error !== null ? (
            <p role="alert" style={{ margin: 0 }}>
              {errorText(t, save.error)}
            </p>
          ) : null}
          <FormActions
            busy={save.isPending}
            disabled={!dirty || name.trim() === ''}
            label={t('common.save')}
            busyLabel={t('common.saving')}
            onCancel={onClose}
            cancelLabel={t('common.close')}
          />
        </Stack>
      </form>
    </Card>
  );
}
