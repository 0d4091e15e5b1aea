import { useEffect, useId, useRef, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { LANGUAGES, LANGUAGE_NAMES, type SitePlan } from '@lectern/sdk/site';
import type { SignupAnswerWire } from '@lectern/sdk/wire';
import { SIGNUP_CURRENCIES, STARTER_CHOICES, chosenPlan, fieldOfError, platformHostOf, type SignupField, type StarterTemplate } from './signup-form-state.js';
import { useAddressCheck, type AddressCheck } from './use-address-check.js';

interface SignupPageProps {
  plans: readonly SitePlan[];
  /** The page's path with its query (`/signup?plan=professional`). */
  path: string;
  siteUrl: string;
}

function Field({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  children: (id: string, describedBy: string | undefined) => ReactNode;
}) {
  const id = useId();
  const hintId = hint === undefined ? undefined : `${id}-hint`;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children(id, describedBy)}
      {hint === undefined ? null : (
        <div id={hintId} className="field__hint">
          {hint}
        </div>
      )}
      {error ? (
        <p id={errorId} className="field__hint signup__field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What the live check says under the address, read out politely as it changes. */
function AddressStatus({ check, host, onUse }: { check: AddressCheck; host: string; onUse: (slug: string) => void }) {
  if (check.state === 'idle') return <span>Your site will live at your-name.{host}</span>;
  if (check.state === 'checking') return <span>Checking the address…</span>;
  if (check.state === 'failed') return <span>The address could not be checked just now; it is checked again when you start.</span>;
  const { answer } = check;
  if (answer.available) return <span className="signup__ok">✓ {answer.address} is free</span>;
  if (answer.reason === 'taken') {
    return (
      <span className="signup__bad">
        {answer.address} is taken.{' '}
        {answer.suggestion === null ? null : (
          <button type="button" className="link-button" onClick={() => onUse(answer.suggestion as string)}>
            Use {answer.suggestion}
          </button>
        )}
      </span>
    );
  }
  if (answer.reason === 'reserved') return <span className="signup__bad">{answer.slug} is kept by the platform; choose another address.</span>;
  return <span className="signup__bad">Use lower-case letters, digits and hyphens (not at the start or end), up to 63 characters.</span>;
}

/**
 * The platform's /signup (issue 18): a new site with its address checked as it is typed, its owner,
 * language, currency and plan; on success the browser goes to the new site's dashboard, signed in
 * there by the one-time hand-off in the answer.
 */
export function SignupPage({ plans, path, siteUrl }: SignupPageProps) {
  const host = platformHostOf(siteUrl);
  const [siteName, setSiteName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const [ownerName, setOwnerName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [language, setLanguage] = useState('en');
  const [currency, setCurrency] = useState('USD');
  const [plan, setPlan] = useState(() => chosenPlan(path, plans));
  const [template, setTemplate] = useState<StarterTemplate>('school');
  const [website, setWebsite] = useState('');
  const [busy, setBusy] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const [error, setError] = useState<{ field: SignupField | null; message: string } | null>(null);
  const fields = useRef<Partial<Record<SignupField, HTMLInputElement | null>>>({});
  const check = useAddressCheck(slugEdited ? { slug } : { name: siteName });

  useEffect(() => setHydrated(true), []);
  // Until the person edits the address, it follows the name as the platform makes it.
  useEffect(() => {
    if (!slugEdited && check.state === 'answered') setSlug(check.answer.slug);
  }, [check, slugEdited]);

  const fieldError = (field: SignupField) => (error !== null && error.field === field ? error.message : null);
  const refuse = (field: SignupField | null, message: string) => {
    setError({ field, message });
    if (field !== null) fields.current[field]?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (siteName.trim() === '') return refuse('site_name', 'Give your site a name.');
    if (slug.trim() === '') return refuse('slug', 'Choose an address for your site.');
    if (check.state === 'answered' && check.answer.slug === slug && !check.answer.available) return refuse('slug', 'Choose an address that is free.');
    if (ownerName.trim() === '') return refuse('owner_name', 'Give your name.');
    if (!/^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/.test(email.trim())) return refuse('email', 'Enter your e-mail address, such as you@example.com.');
    if (password === '') return refuse('password', 'Choose a password.');
    setBusy(true);
    setError(null);
    const body = {
      site_name: siteName.trim(),
      slug: slug.trim(),
      owner_name: ownerName.trim(),
      email: email.trim(),
      password,
      language,
      currency,
      plan,
      template,
      ...(website === '' ? {} : { website }),
    };
    fetch('/api/signup', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) })
      .then(async (response) => {
        const answer = (await response.json().catch(() => ({}))) as Partial<SignupAnswerWire> & { error?: string; message?: string };
        if (response.status === 201 && typeof answer.dashboard_url === 'string') {
          window.location.assign(answer.dashboard_url);
          return;
        }
        setBusy(false);
        const message =
          response.status === 429
            ? 'Too many attempts from here. Wait a few minutes and try again.'
            : (answer.message ?? 'Your site could not be made. Try again.');
        refuse(fieldOfError(answer.error ?? '', message), message);
      })
      .catch(() => {
        setBusy(false);
        refuse(null, 'The platform could not be reached. Check your connection and try again.');
      });
  };

  /** A required text field of the form, tied to its label, hint and error, and focusable when refused. */
  const textInput =
    (name: SignupField, value: string, set: (value: string) => void, attributes: InputHTMLAttributes<HTMLInputElement>) =>
    (id: string, describedBy: string | undefined) => (
      <input
        {...attributes}
        id={id}
        ref={(el) => void (fields.current[name] = el)}
        name={name}
        value={value}
        aria-invalid={fieldError(name) !== null}
        aria-describedby={describedBy}
        onChange={(e) => set(e.target.value)}
        required
      />
    );

  const selected = plans.find((p) => p.id === plan);
  return (
    <section className="auth-panel signup" aria-labelledby="signup-title" data-testid="signup-page">
      <form method="post" onSubmit={submit} noValidate aria-busy={busy}>
        <h1 id="signup-title">Start your free trial</h1>
        <p className="signup__lead">
          {selected === undefined ? 'Make your site in a minute.' : `${selected.name}, free for ${selected.trialDays || 30} days. No card needed to start.`}
        </p>
        <fieldset className="auth-panel__fields" disabled={!hydrated}>
          <legend className="visually-hidden">Your site</legend>
          <Field label="Site name" error={fieldError('site_name')}>
            {textInput('site_name', siteName, setSiteName, { autoComplete: 'organization', maxLength: 100 })}
          </Field>
          <Field
            label="Address"
            hint={<AddressStatus check={check} host={host} onUse={(free) => (setSlug(free), setSlugEdited(true))} />}
            error={fieldError('slug')}
          >
            {(id, describedBy) => (
              <div className="signup__address">
                <input
                  id={id}
                  ref={(el) => void (fields.current.slug = el)}
                  name="slug"
                  autoCapitalize="none"
                  autoCorrect="off"
                  spellCheck={false}
                  maxLength={63}
                  value={slug}
                  aria-invalid={fieldError('slug') !== null || (check.state === 'answered' && !check.answer.available)}
                  aria-describedby={describedBy}
                  onChange={(e) => {
                    setSlug(e.target.value.toLowerCase());
                    setSlugEdited(true);
                  }}
                  required
                />
                <span className="signup__suffix" aria-hidden="true">
                  .{host}
                </span>
              </div>
            )}
          </Field>
          <Field label="Your name" error={fieldError('owner_name')}>
            {textInput('owner_name', ownerName, setOwnerName, { autoComplete: 'name', maxLength: 100 })}
          </Field>
          <Field label="E-mail" error={fieldError('email')}>
            {textInput('email', email, setEmail, { type: 'email', autoComplete: 'email', maxLength: 254 })}
          </Field>
          <Field label="Password" hint="If this e-mail already signs in on the platform, use its password." error={fieldError('password')}>
            {textInput('password', password, setPassword, { type: 'password', autoComplete: 'new-password', maxLength: 256 })}
          </Field>
          <div className="signup__pair">
            <Field label="Language">
              {(id) => (
                <select id={id} name="language" value={language} onChange={(e) => setLanguage(e.target.value)}>
                  {LANGUAGES.map((code) => (
                    <option key={code} value={code} lang={code}>
                      {LANGUAGE_NAMES[code]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Currency">
              {(id) => (
                <select id={id} name="currency" value={currency} onChange={(e) => setCurrency(e.target.value)}>
                  {SIGNUP_CURRENCIES.map((c) => (
                    <option key={c.code} value={c.code}>
                      {c.code} · {c.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          <fieldset className="signup__plans">
            <legend>What will you do first?</legend>
            {STARTER_CHOICES.map((choice) => (
              <label key={choice.id} className={choice.id === template ? 'signup__plan signup__plan--on' : 'signup__plan'}>
                <input type="radio" name="template" value={choice.id} checked={choice.id === template} onChange={() => setTemplate(choice.id)} />
                {choice.label}
              </label>
            ))}
          </fieldset>
          {plans.length > 1 ? (
            <fieldset className="signup__plans">
              <legend>Plan</legend>
              {plans.map((p) => (
                <label key={p.id} className={p.id === plan ? 'signup__plan signup__plan--on' : 'signup__plan'}>
                  <input type="radio" name="plan" value={p.id} checked={p.id === plan} onChange={() => setPlan(p.id)} />
                  {p.name}
                </label>
              ))}
            </fieldset>
          ) : null}
          {/* Hidden from people (and from assistive technology); bots fill every field they find. */}
          <div className="signup__trap" aria-hidden="true">
            <label>
              Website
              <input name="website" tabIndex={-1} autoComplete="off" value={website} onChange={(e) => setWebsite(e.target.value)} />
            </label>
          </div>
          {error === null || error.field !== null ? null : (
            <p className="form-message form-message--error" role="alert">
              {error.message}
            </p>
          )}
          {error !== null && error.field !== null ? (
            <p className="visually-hidden" role="alert">
              {error.message}
            </p>
          ) : null}
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            {busy ? 'Making your site…' : 'Create my site'}
          </button>
          <p className="signup__fine">
            Already have a site? <a href="/login">Sign in</a>, or go to your site's address and sign in there.
          </p>
        </fieldset>
      </form>
    </section>
  );
}
