import { useSite } from '../app/site-context.js';
import type { MessageKey } from '../i18n/messages.js';

/** A short full-page message: /thankyou, /subscribed and the 404 page. */
export function MessageView({ title, text, homeLink = false, testId }: { title: MessageKey; text: MessageKey; homeLink?: boolean; testId?: string }) {
  const { t } = useSite();
  return (
    <section className="message-view container container--narrow" data-testid={testId}>
      <h1>{t(title)}</h1>
      <p>{t(text)}</p>
      {homeLink ? (
        <p>
          <a className="button button--primary" href="/">
            {t('notFound.home')}
          </a>
        </p>
      ) : null}
    </section>
  );
}
