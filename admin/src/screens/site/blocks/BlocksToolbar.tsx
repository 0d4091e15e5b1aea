import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../ui/Icon';
import { Badge, Button, Row } from '../../../ui/primitives';
import { tabPath, type ShellPart } from './shell-document';

export interface BlocksToolbarProps {
  part: ShellPart;
  siteUrl: string | undefined;
  dirty: boolean;
  busy: 'save' | 'clear' | null;
  /** Whether there is anything to clear (stored blocks, or blocks on the canvas). */
  canClear: boolean;
  onSave: () => void;
  onClear: () => void;
}

/**
 * The header/footer blocks editor's bar: back to the settings tab, the unsaved mark, a link to the
 * site, Clear and Save. Settings save at once, so there is no publishing here. Every control has a
 * test id so a browser test can drive it in any language.
 */
export function BlocksToolbar({ part, siteUrl, dirty, busy, canClear, onSave, onClear }: BlocksToolbarProps) {
  const { t } = useTranslation('site');
  const working = busy !== null;
  return (
    <Row $wrap style={{ justifyContent: 'space-between', marginBottom: '0.85rem' }}>
      <Row $wrap $gap="0.6rem">
        <Link to={tabPath(part)} data-testid="blocks-back">
          {t(`site.blocks.${part}.back`)}
        </Link>
        {dirty ? (
          <Badge $tone="warning" data-testid="unsaved">
            {t('site.unsaved')}
          </Badge>
        ) : null}
      </Row>
      <Row $wrap $gap="0.4rem" role="toolbar" aria-label={t('site.blocks.actions')}>
        {siteUrl === undefined ? null : (
          <Button as="a" href={siteUrl} target="_blank" rel="noopener" $variant="ghost" style={{ textDecoration: 'none' }} data-testid="blocks-view-site">
            <Icon name="eye" size={18} />
            {t('site.blocks.viewSite')}
            <span className="visually-hidden">{t('site.blocks.newTab')}</span>
          </Button>
        )}
        <Button type="button" $variant="secondary" onClick={onClear} disabled={working || !canClear} data-testid="blocks-clear">
          {busy === 'clear' ? t('site.blocks.clearing') : t('site.blocks.clear')}
        </Button>
        <Button type="button" onClick={onSave} disabled={working || !dirty} data-testid="blocks-save">
          {busy === 'save' ? t('common.saving') : t('common.save')}
        </Button>
      </Row>
    </Row>
  );
}
