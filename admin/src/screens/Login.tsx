import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { useAuth } from '../auth/AuthProvider';
import { safeReturnPath } from '../auth/return-path';
import { supabase } from '../auth/supabase';
import { Field } from '../ui/Field';
import { Button, Card, Input, Muted, Row, Stack } from '../ui/primitives';

const Page = styled.div`
  min-height: 100vh;
  display: grid;
  place-items: center;
  padding: 1rem;
  > section {
    width: min(24rem, 100%);
  }
`;

type Mode = 'password' | 'code' | 'verify' | 'forgot';

/** Sign-in for the dashboard: password, a one-time code by email, or a recovery link. */
export default function Login() {
  const { t } = useTranslation();
  const { session, site } = useAuth();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const target = safeReturnPath(params.get('redirectedFrom'));
  if (session) return <Navigate to={target} replace />;

  const run = async (work: () => Promise<{ error: { message: string } | null }>, after?: () => void) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    const { error: failure } = await work();
    setBusy(false);
    if (failure !== null) setError(failure.message);
    else after?.();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const auth = supabase().auth;
    if (mode === 'password')
      void run(
        () => auth.signInWithPassword({ email, password }),
        () => navigate(target, { replace: true }),
      );
    if (mode === 'code')
      void run(
        () => auth.signInWithOtp({ email, options: { shouldCreateUser: false } }),
        () => setMode('verify'),
      );
    if (mode === 'verify')
      void run(
        () => auth.verifyOtp({ email, token: code, type: 'email' }),
        () => navigate(target, { replace: true }),
      );
    if (mode === 'forgot') {
      void run(
        () => auth.resetPasswordForEmail(email, { redirectTo: `${window.location.origin}/login/reset-password` }),
        () => setNotice(t('login.recoverySent')),
      );
    }
  };
  return (
    <Page>
      <Card as="section" aria-labelledby="login-title">
        <form onSubmit={submit} noValidate>
          <Stack>
            <h1 id="login-title">{t('login.title', { site: site.name })}</h1>
            <Field label={t('login.email')}>
              <Input
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                name="email"
                disabled={mode === 'verify'}
              />
            </Field>
            {mode === 'password' ? (
              <Field label={t('login.password')}>
                <Input
                  type="password"
                  autoComplete="current-password"
                  required
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  name="password"
                />
              </Field>
            ) : null}
            {mode === 'verify' ? (
              <Field label={t('login.code')} hint={t('login.codeSent')}>
                <Input inputMode="numeric" autoComplete="one-time-code" required value={code} onChange={(e) => setCode(e.target.value)} name="code" />
              </Field>
            ) : null}
            {error === null ? null : (
              <Muted role="alert" style={{ color: 'inherit' }}>
                {error}
              </Muted>
            )}
            {notice === null ? null : <Muted role="status">{notice}</Muted>}
            <Button type="submit" disabled={busy}>
              {t(`login.submit.${mode}`)}
            </Button>
            <Row $wrap $gap="0.5rem">
              {mode !== 'password' ? (
                <Button type="button" $variant="ghost" onClick={() => setMode('password')}>
                  {t('login.usePassword')}
                </Button>
              ) : null}
              {mode === 'password' ? (
                <Button type="button" $variant="ghost" onClick={() => setMode('code')}>
                  {t('login.useCode')}
                </Button>
              ) : null}
              {mode !== 'forgot' ? (
                <Button type="button" $variant="ghost" onClick={() => setMode('forgot')}>
                  {t('login.forgot')}
                </Button>
              ) : null}
            </Row>
          </Stack>
        </form>
      </Card>
    </Page>
  );
}
