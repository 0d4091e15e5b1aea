import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useSite } from '../app/site-context.js';
import { safeReturnPath } from '../lib/return-path.js';
import type { AuthOutcome } from './auth-actions.js';

type Step = 'login' | 'signup' | 'forgot' | 'mfa' | 'confirm';

/** The supabase-js part arrives on demand: a separate chunk, fetched only where sign-in happens. */
const loadActions = () => import('./auth-actions.js');

/** `redirectedFrom` of the page's URL (SPEC §2 guards), when it is a path on this site. */
export function returnPathOf(pagePath: string): string {
  const query = pagePath.indexOf('?');
  const from = query === -1 ? null : new URLSearchParams(pagePath.slice(query + 1)).get('redirectedFrom');
  return safeReturnPath(from);
}

function Field({ label, children, hint }: { label: string; children: (id: string, hintId: string | undefined) => ReactNode; hint?: string }) {
  const id = useId();
  const hintId = hint === undefined ? undefined : `${id}-hint`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children(id, hintId)}
      {hint === undefined ? null : (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
    </div>
  );
}

/**
 * Sign-in and sign-up for the public site (SPEC §2 /login, /signup): email and password, a second
 * factor when the member has one, the emailed code that confirms a new address, and recovery.
 * The markup is drawn on the server; the fields stay disabled until the page has hydrated, so a
 * visitor who types early on a slow device never submits the browser's own way (a GET that would put
 * the password in the address, the history and the server's logs). `method="post"` is the second
 * guard: even a submission that slips through never carries credentials in a URL.
 */
export function AuthPanel({ mode, returnPath }: { mode: 'login' | 'signup'; returnPath?: string }) {
  const { t, data } = useSite();
  const [step, setStep] = useState<Step>(mode);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [factorId, setFactorId] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [hydrated, setHydrated] = useState(false);
  // A form drawn inside another page (the shop's checkout) names where to go back; the login page reads its URL.
  const target = returnPath === undefined ? returnPathOf(data.path) : safeReturnPath(returnPath);

  useEffect(() => {
    setHydrated(true);
    // Arriving from the platform's sign-up: a one-time hand-off to this site, in the fragment (never sent to a server).
    const handoff = new URLSearchParams(window.location.hash.slice(1)).get('handoff');
    if (handoff !== null) {
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
      setBusy(true);
      void loadActions()
        .then((actions) => actions.acceptHandoff(handoff))
        .then((outcome) => finish(outcome.kind === 'error' ? { kind: 'error', message: t('auth.handoffExpired') } : outcome))
        .catch(() => finish({ kind: 'error', message: t('auth.handoffExpired') }));
      return;
    }
    if (data.viewer !== null) {
      window.location.replace(target);
      return;
    }
    // Fetch the chunk while the visitor types, so submitting does not wait for it.
    void loadActions().catch(() => undefined);
  }, [data.viewer, target]);

  const finish = (outcome: AuthOutcome) => {
    if (outcome.kind === 'done') {
      window.location.assign(target);
      return;
    }
    setBusy(false);
    if (outcome.kind === 'error') setError(outcome.message === '' ? t('auth.failed') : outcome.message);
    else if (outcome.kind === 'mfa') {
      setFactorId(outcome.factorId);
      setCode('');
      setStep('mfa');
    } else {
      setCode('');
      setStep('confirm');
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    setNotice(null);
    void loadActions()
      .then(async (actions) => {
        if (step === 'login') return finish(await actions.signIn(email.trim(), password));
        if (step === 'signup') return finish(await actions.signUp(name, email.trim(), password));
        if (step === 'mfa') return finish(await actions.verifySecondFactor(factorId, code));
        if (step === 'confirm') return finish(await actions.confirmSignUp(email.trim(), code));
        const sent = await actions.sendPasswordReset(email.trim(), data.shell.siteUrl);
        setBusy(false);
        if (sent.kind === 'error') setError(sent.message === '' ? t('auth.failed') : sent.message);
        else setNotice(t('auth.resetSent'));
      })
      .catch(() => {
        setBusy(false);
        setError(t('auth.failed'));
      });
  };

  const go = (next: Step) => {
    setStep(next);
    setError(null);
    setNotice(null);
  };

  const titles: Record<Step, string> = {
    login: t('auth.loginTitle'),
    signup: t('auth.signupTitle'),
    forgot: t('auth.forgotTitle'),
    mfa: t('auth.loginTitle'),
    confirm: t('auth.signupTitle'),
  };
  const submitLabel: Record<Step, string> = {
    login: t('auth.submitLogin'),
    signup: t('auth.submitSignup'),
    forgot: t('auth.submitForgot'),
    mfa: t('auth.verify'),
    confirm: t('auth.verify'),
  };
  const asksPassword = step === 'login' || step === 'signup';
  const asksCode = step === 'mfa' || step === 'confirm';
  const withRedirect = (path: string) => (target === '/dashboard' ? path : `${path}?${new URLSearchParams({ redirectedFrom: target }).toString()}`);

  return (
    <section className="auth-panel" aria-labelledby="auth-title" data-testid="auth-panel">
      <form method="post" onSubmit={submit} noValidate aria-busy={busy}>
        <h1 id="auth-title">{titles[step]}</h1>
        <fieldset className="auth-panel__fields" disabled={!hydrated}>
          {step === 'signup' ? (
            <Field label={t('auth.name')}>
              {(id) => <input id={id} name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} required />}
            </Field>
          ) : null}
          {asksCode ? null : (
            <Field label={t('auth.email')}>
              {(id) => <input id={id} name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required />}
            </Field>
          )}
          {asksPassword ? (
            <Field label={t('auth.password')}>
              {(id) => (
                <input
                  id={id}
                  name="password"
                  type="password"
                  autoComplete={step === 'signup' ? 'new-password' : 'current-password'}
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  required
                />
              )}
            </Field>
          ) : null}
          {asksCode ? (
            <Field label={t('auth.code')} hint={step === 'mfa' ? t('auth.mfaHint') : t('auth.confirmHint', { email: email.trim() })}>
              {(id, hintId) => (
                <input
                  id={id}
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  aria-describedby={hintId}
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  required
                  autoFocus
                />
              )}
            </Field>
          ) : null}
          {error === null ? null : (
            <p className="form-message form-message--error" role="alert">
              {error}
            </p>
          )}
          {notice === null ? null : (
            <p className="form-message" role="status">
              {notice}
            </p>
          )}
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            {busy ? t('common.loading') : submitLabel[step]}
          </button>
          <div className="auth-panel__links">
            {step === 'login' ? (
              <>
                <button type="button" className="link-button" onClick={() => go('forgot')}>
                  {t('auth.forgot')}
                </button>
                <a href={withRedirect('/signup')}>{t('auth.noAccount')}</a>
              </>
            ) : null}
            {step === 'signup' ? <a href={withRedirect('/login')}>{t('auth.haveAccount')}</a> : null}
            {step === 'forgot' || step === 'mfa' ? (
              <button type="button" className="link-button" onClick={() => go('login')}>
                {t('auth.backToLogin')}
              </button>
            ) : null}
          </div>
        </fieldset>
      </form>
    </section>
  );
}
