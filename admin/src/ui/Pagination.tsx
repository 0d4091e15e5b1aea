import { useTranslation } from 'react-i18next';
import { Button, Muted, Row } from './primitives';

/** Previous/next over a total; offsets are what the API takes. */
export function Pagination({ offset, limit, total, onChange }: { offset: number; limit: number; total: number; onChange: (offset: number) => void }) {
  const { t } = useTranslation();
  if (total <= limit && offset === 0) return null;
  const from = total === 0 ? 0 : offset + 1;
  const to = Math.min(offset + limit, total);
  return (
    <Row style={{ justifyContent: 'space-between', marginTop: '0.75rem' }}>
      <Muted>{t('common.range', { from, to, total })}</Muted>
      <Row $gap="0.5rem">
        <Button $variant="secondary" disabled={offset === 0} onClick={() => onChange(Math.max(0, offset - limit))}>
          {t('common.previous')}
        </Button>
        <Button $variant="secondary" disabled={offset + limit >= total} onClick={() => onChange(offset + limit)}>
          {t('common.next')}
        </Button>
      </Row>
    </Row>
  );
}
