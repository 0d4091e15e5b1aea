import { useTranslation } from 'react-i18next';
import { Badge, Muted, type Tone } from '../../ui/primitives';
import type { ContentItem } from './model';

type Shown = 'draft' | 'published' | 'scheduled';

/** A scheduled item whose time has come is live: visitors see it, so it reads as published. */
export const shownStatus = (item: Pick<ContentItem, 'status' | 'visible'>): Shown => (item.status === 'scheduled' && item.visible ? 'published' : item.status);

const TONE: Record<Shown, Tone> = { draft: 'neutral', published: 'success', scheduled: 'info' };

/** Draft, published or scheduled (with the time it goes live), always in words, not colour alone. */
export function StatusBadge({ item, withTime = true }: { item: Pick<ContentItem, 'status' | 'visible' | 'publish_at'>; withTime?: boolean }) {
  const { t, i18n } = useTranslation('content');
  const shown = shownStatus(item);
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <span data-status={shown}>
      <Badge $tone={TONE[shown]}>{t(`content.status.${shown}`)}</Badge>
      {withTime && item.status === 'scheduled' && item.publish_at !== null ? (
        <Muted as="small" style={{ display: 'block' }}>
          <time dateTime={item.publish_at}>
            {t(shown === 'scheduled' ? 'content.status.goesLive' : 'content.status.liveSince', { time: format.format(new Date(item.publish_at)) })}
          </time>
        </Muted>
      ) : null}
    </span>
  );
}
