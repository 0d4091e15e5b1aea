import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, Card, Muted, Row } from '../../../ui/primitives';
import type { SiteData } from '../model';
import { blockCount, blocksPath, storedDocument, type ShellPart } from './shell-document';

/**
 * In the Header and Footer tabs: what the part's visual-editor blocks are for, how many there are,
 * and the way into their editor. Leaving a tab with unsaved fields asks first (the settings screen's
 * leave guard), so opening the editor never drops them silently.
 */
export function BlocksCard({ part, site }: { part: ShellPart; site: SiteData }) {
  const { t } = useTranslation('site');
  const count = blockCount(storedDocument(site[part]));
  return (
    <Card data-testid={`${part}-blocks-card`}>
      <h2 style={{ marginTop: 0 }}>{t(`site.blocks.${part}.title`)}</h2>
      <Muted style={{ marginBottom: '1rem' }}>{t(`site.blocks.${part}.hint`)}</Muted>
      <Row $wrap>
        <Button as={Link} to={blocksPath(part)} $variant="secondary" style={{ textDecoration: 'none' }} data-testid={`edit-${part}-blocks`}>
          {t(`site.blocks.${part}.edit`)}
        </Button>
        <span data-testid={`${part}-blocks-count`}>{count === 0 ? t('site.blocks.none') : t('site.blocks.count', { count })}</span>
      </Row>
    </Card>
  );
}
