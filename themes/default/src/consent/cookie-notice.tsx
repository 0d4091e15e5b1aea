import { useEffect, useState } from 'react';
import { useSite } from '../app/site-context.js';
import { emit } from '../lib/events.js';
import { CONSENT_CHOICES, CONSENT_EVENT, consentCookie, parseConsent, type ConsentChoice } from './consent.js';

/**
 * SPEC §4 cookie consent: asks only when no choice is stored, which only the browser knows (the
 * HTML may be shared from the page cache), so it appears after hydration. The choice is kept 180 days.
 */
export function CookieNotice() {
  const { t } = useSite();
  const [show, setShow] = useState(false);
  useEffect(() => {
    setShow(parseConsent(document.cookie) === null);
  }, []);
  if (!show) return null;
  const choose = (choice: ConsentChoice) => {
    document.cookie = consentCookie(choice, window.location.protocol === 'https:');
    setShow(false);
    emit(CONSENT_EVENT, choice);
  };
  const labels: Record<ConsentChoice, string> = { all: t('cookie.all'), required: t('cookie.required'), disabled: t('cookie.disabled') };
  return (
    <section className="cookie-notice" role="region" aria-label={t('cookie.label')} data-testid="cookie-notice">
      <p className="cookie-notice__text">{t('cookie.message')}</p>
      <div className="cookie-notice__actions">
        {CONSENT_CHOICES.map((choice) => (
          <button
            key={choice}
            type="button"
            className={`button ${choice === 'all' ? 'button--primary' : 'button--ghost'}`}
            onClick={() => choose(choice)}
            data-choice={choice}
          >
            {labels[choice]}
          </button>
        ))}
      </div>
    </section>
  );
}
