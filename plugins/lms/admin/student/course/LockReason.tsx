import { useTranslation } from 'react-i18next';
import { formatDateTime, relativeFromNow } from '../time';
import type { PlayerItem } from '../types';

/** Why a locked item cannot be opened yet: unit lock, or a drip release date (absolute and relative). */
export function lockReasonText(t: (key: string, options?: Record<string, unknown>) => string, item: PlayerItem, language: string): string {
  if (item.reason === 'drip' && item.opens_at !== null) {
    const at = item.opens_at * 1000;
    return t('lock.drip', { date: formatDateTime(at, language), relative: relativeFromNow(at, language) });
  }
  if (item.reason === 'drip') return t('lock.dripUnknown');
  return t('lock.unitLock');
}

export function LockReason({ item, as: Tag = 'small', id }: { item: PlayerItem; as?: 'small' | 'p'; id?: string }) {
  const { t, i18n } = useTranslation('lms-student');
  return (
    <Tag id={id} data-testid="lock-reason" data-reason={item.reason ?? undefined}>
      {lockReasonText(t, item, i18n.language)}
    </Tag>
  );
}
