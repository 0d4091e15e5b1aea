import type { ProfileBodyWire, ProfileWire } from '@lectern/sdk/wire';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOTSTRAP_KEY, useBootstrap } from '../api/bootstrap';
import { api } from '../api/client';
import { supabase } from '../auth/supabase';
import { Avatar } from '../ui/Avatar';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Field } from '../ui/Field';
import { PageHeader } from '../ui/PageHeader';
import { Badge, Button, Card, Input, Muted, Row, Stack } from '../ui/primitives';
import { errorText, Loading } from '../ui/states';
import { useToast } from '../ui/toasts';

const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif'];
const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** The member's own profile: name and avatar on this site, password, and two-factor sign-in. */
export default function Profile() {
  const { t } = useTranslation('profile');
  const boot = useBootstrap();
  if (boot.data === undefined) return <Loading />;
  return (
    <>
      <PageHeader title={t('profile.title')} />
      <Stack>
        <Details name={boot.data.member.name} avatar={boot.data.member.avatar} userId={boot.data.member.user_id} email={boot.data.member.email} />
        <Password />
        <TwoFactor />
      </Stack>
    </>
  );
}

function Details({ name, avatar, userId, email }: { name: string; avatar: string | null; userId: string; email: string | null }) {
  const { t } = useTranslation('profile');
  const toast = useToast();
  const queries = useQueryClient();
  const [draft, setDraft] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: ProfileBodyWire) => api<ProfileWire>('/api/dashboard/profile', { method: 'PUT', body }),
    onSuccess: () => {
      toast(t('common.saved'));
      void queries.invalidateQueries({ queryKey: BOOTSTRAP_KEY });
    },
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  const upload = useMutation({
    mutationFn: async (file: File) => {
      // SPEC §3: avatars live at avatars/{user_id}/avatar.jpg in the account's storage.
      const path = `${userId}/avatar.jpg`;
      const { error: failure } = await supabase().storage.from('avatars').upload(path, file, { upsert: true, cacheControl: '3600', contentType: file.type });
      if (failure !== null) throw failure;
      const { data } = supabase().storage.from('avatars').getPublicUrl(path);
      await api('/api/dashboard/profile', { method: 'PUT', body: { avatar: `${data.publicUrl}?v=${Date.now()}` } });
    },
    onSuccess: () => {
      toast(t('profile.avatarSaved'));
      void queries.invalidateQueries({ queryKey: BOOTSTRAP_KEY });
    },
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  const pick = (file: File | undefined) => {
    if (file === undefined) return;
    if (!AVATAR_TYPES.includes(file.type)) return toast(t('profile.avatarType'), 'danger');
    if (file.size > AVATAR_MAX_BYTES) return toast(t('profile.avatarSize'), 'danger');
    upload.mutate(file);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim() === '') return setError(t('profile.nameRequired'));
    setError(null);
    save.mutate({ name: draft.trim() });
  };
  return (
    <Card>
      <h2>{t('profile.details')}</h2>
      <form onSubmit={submit}>
        <Stack>
          <Row $wrap>
            <Avatar src={avatar} name={name} size={64} />
            <div>
              <label htmlFor="avatar-file">
                <Button as="span" $variant="secondary" role="button" tabIndex={0} aria-disabled={upload.isPending}>
                  {upload.isPending ? t('common.saving') : t('profile.changeAvatar')}
                </Button>
              </label>
              <input id="avatar-file" type="file" accept={AVATAR_TYPES.join(',')} className="visually-hidden" onChange={(e) => pick(e.target.files?.[0])} />
              <Muted>{t('profile.avatarHint')}</Muted>
            </div>
          </Row>
          <Field label={t('common.name')} error={error}>
            <Input value={draft} maxLength={120} onChange={(e) => setDraft(e.target.value)} />
          </Field>
          <Field label={t('common.email')}>
            <Input value={email ?? ''} readOnly />
          </Field>
          <div>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? t('common.saving') : t('common.save')}
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}

function Password() {
  const { t } = useTranslation('profile');
  const toast = useToast();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: async () => {
      const { error: failure } = await supabase().auth.updateUser({ password });
      if (failure !== null) throw failure;
    },
    onSuccess: () => {
      setPassword('');
      setConfirm('');
      toast(t('profile.passwordChanged'));
    },
    onError: (failure) => setError(errorText(t, failure)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirm) return setError(t('profile.passwordsDiffer'));
    setError(null);
    change.mutate();
  };
  return (
    <Card>
      <h2>{t('profile.password')}</h2>
      <form onSubmit={submit}>
        <Stack>
          <Field label={t('profile.newPassword')} error={error}>
            <Input type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </Field>
          <Field label={t('profile.confirmPassword')}>
            <Input type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
          </Field>
          <div>
            <Button type="submit" disabled={change.isPending || password === ''}>
              {t('profile.changePassword')}
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}

interface Enrolment {
  id: string;
  qr: string;
  secret: string;
}

/** TOTP enrolment (SPEC §7 multi-factor: enrol, challenge, verify, remove) through supabase-js. */
function TwoFactor() {
  const { t } = useTranslation('profile');
  const toast = useToast();
  const queries = useQueryClient();
  const factors = useQuery({
    queryKey: ['profile', 'factors'],
    queryFn: async () => {
      const { data, error } = await supabase().auth.mfa.listFactors();
      if (error !== null) throw error;
      return data.totp;
    },
  });
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [removing, setRemoving] = useState<string | null>(null);
  const refresh = () => queries.invalidateQueries({ queryKey: ['profile', 'factors'] });
  const enrol = useMutation({
    mutationFn: async () => {
      const { data, error } = await supabase().auth.mfa.enroll({ factorType: 'totp', friendlyName: `Authenticator ${new Date().toISOString().slice(0, 16)}` });
      if (error !== null) throw error;
      setEnrolment({ id: data.id, qr: data.totp.qr_code, secret: data.totp.secret });
    },
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  const verify = useMutation({
    mutationFn: async () => {
      if (enrolment === null) return;
      const { error } = await supabase().auth.mfa.challengeAndVerify({ factorId: enrolment.id, code });
      if (error !== null) throw error;
    },
    onSuccess: () => {
      setEnrolment(null);
      setCode('');
      toast(t('profile.mfaOn'));
      void refresh();
    },
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  const remove = useMutation({
    mutationFn: async (factorId: string) => {
      const { error } = await supabase().auth.mfa.unenroll({ factorId });
      if (error !== null) throw error;
    },
    onSuccess: () => {
      setRemoving(null);
      toast(t('profile.mfaRemoved'));
      void refresh();
    },
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  const verified = (factors.data ?? []).filter((f) => f.status === 'verified');
  return (
    <Card>
      <h2>{t('profile.mfa')}</h2>
      <Muted>{t('profile.mfaHint')}</Muted>
      <Stack style={{ marginTop: '1rem' }}>
        {verified.map((factor) => (
          <Row key={factor.id} style={{ justifyContent: 'space-between' }}>
            <Row $gap="0.5rem">
              <Badge $tone="success">{t('common.on')}</Badge>
              {factor.friendly_name ?? t('profile.authenticator')}
            </Row>
            <Button $variant="secondary" onClick={() => setRemoving(factor.id)}>
              {t('common.remove')}
            </Button>
          </Row>
        ))}
        {enrolment === null ? (
          <div>
            <Button onClick={() => enrol.mutate()} disabled={enrol.isPending}>
              {t('profile.mfaEnrol')}
            </Button>
          </div>
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              verify.mutate();
            }}
          >
            <Stack>
              <Muted>{t('profile.mfaScan')}</Muted>
              <img src={enrolment.qr} alt={t('profile.mfaQr')} width={180} height={180} style={{ background: '#fff', padding: 8, borderRadius: 8 }} />
              <Muted>
                {t('profile.mfaSecret')} <code>{enrolment.secret}</code>
              </Muted>
              <Field label={t('profile.mfaCode')}>
                <Input inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} maxLength={6} />
              </Field>
              <Row>
                <Button type="submit" disabled={verify.isPending || code.length !== 6}>
                  {t('profile.mfaVerify')}
                </Button>
                <Button type="button" $variant="ghost" onClick={() => setEnrolment(null)}>
                  {t('common.cancel')}
                </Button>
              </Row>
            </Stack>
          </form>
        )}
      </Stack>
      <ConfirmDialog
        open={removing !== null}
        title={t('profile.mfaRemoveConfirm')}
        confirmLabel={t('common.remove')}
        busy={remove.isPending}
        onConfirm={() => removing !== null && remove.mutate(removing)}
        onClose={() => setRemoving(null)}
      />
    </Card>
  );
}
