import type { InviteBodyWire } from '@lectern/sdk/wire';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { ApiError } from '../../api/errors';
import { Field } from '../../ui/Field';
import { FormActions } from '../../ui/FormActions';
import { Card, Input, Muted, Select, Stack } from '../../ui/primitives';
import { errorText } from '../../ui/states';
import { useToast } from '../../ui/toasts';
import { MEMBERS_KEY, ROLES_KEY, type Member, type Role } from './types';

const EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

/** Invites someone by email (POST /api/account/members/invite); they get a sign-in link. */
export function InviteForm({ roles, onDone }: { roles: Role[]; onDone: () => void }) {
  const { t } = useTranslation('users');
  const toast = useToast();
  const queries = useQueryClient();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [roleId, setRoleId] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const chosen = roleId !== '' ? roleId : (roles.find((r) => r.is_default)?.id ?? roles[0]?.id ?? '');
  const invite = useMutation({
    mutationFn: () =>
      api<Member>('/api/account/members/invite', {
        method: 'POST',
        body: { email: email.trim(), role_id: chosen, ...(name.trim() === '' ? {} : { name: name.trim() }) } satisfies InviteBodyWire,
      }),
    onSuccess: (member) => {
      toast(t('users.invite.sent', { email: member.email ?? email.trim() }));
      void queries.invalidateQueries({ queryKey: MEMBERS_KEY });
      void queries.invalidateQueries({ queryKey: ROLES_KEY });
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!EMAIL.test(email.trim())) return setEmailError(t('users.invite.emailInvalid'));
    setEmailError(null);
    invite.mutate();
  };
  const failure = invite.error;
  return (
    <Card aria-labelledby="invite-title">
      <h2 id="invite-title" style={{ marginTop: 0 }}>
        {t('users.invite.title')}
      </h2>
      <Muted style={{ marginBottom: '1rem' }}>{t('users.invite.hint')}</Muted>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Field
            label={t('common.email')}
            error={emailError ?? (failure instanceof ApiError && failure.code === 'already_member' ? t('users.invite.alreadyMember') : null)}
          >
            <Input type="email" value={email} maxLength={320} autoComplete="off" autoFocus onChange={(e) => setEmail(e.target.value)} required />
          </Field>
          <Field label={t('users.invite.name')} hint={t('users.invite.nameHint')}>
            <Input value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
          </Field>
          <Field label={t('users.members.role')}>
            <Select value={chosen} onChange={(e) => setRoleId(e.target.value)}>
              {roles.map((role) => (
                <option key={role.id} value={role.id}>
                  {role.is_default ? t('users.roles.defaultName', { name: role.name }) : role.name}
                </option>
              ))}
            </Select>
          </Field>
          {failure !== null && !(failure instanceof ApiError && failure.code === 'already_member') ? (
            <p role="alert" style={{ margin: 0 }}>
              {errorText(t, failure)}
            </p>
          ) : null}
          <FormActions
            busy={invite.isPending}
            disabled={chosen === ''}
            label={t('users.invite.send')}
            busyLabel={t('users.invite.sending')}
            onCancel={onDone}
          />
        </Stack>
      </form>
    </Card>
  );
}
