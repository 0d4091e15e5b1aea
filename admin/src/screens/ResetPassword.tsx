import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { useAuth } from '../auth/AuthProvider';
import { supabase } from '../auth/supabase';
import { Field } from '../ui/Field';
import { Button, Card, Input, Stack } from '../ui/primitives';
import { useToast } from '../ui/toasts';

/** SPEC §4: password-recovery links land here; the member chooses a new password. */
export default function ResetPassword() {
  const { t } = useTranslation();
  const { session } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (session === null) return <Navigate to="/login" replace />;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirm) return setError(t('profile.passwordsDiffer'));
    setBusy(true);
    const { error: failure } = await supabase().auth.updateUser({ password });
    setBusy(false);
    if (failure !== null) return setError(failure.message);
    toast(t('profile.passwordChanged'));
    navigate('/dashboard', { replace: true });
  };
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: '1rem' }}>
      <Card as="section" style={{ width: 'min(24rem, 100%)' }}>
        <form onSubmit={(e) => void submit(e)}>
          <Stack>
            <h1>{t('login.resetTitle')}</h1>
            <Field label={t('profile.newPassword')} error={error}>
              <Input type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
            </Field>
            <Field label={t('profile.confirmPassword')}>
              <Input type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} required />
            </Field>
            <Button type="submit" disabled={busy || password === ''}>
              {t('profile.changePassword')}
            </Button>
          </Stack>
        </form>
      </Card>
    </div>
  );
}
