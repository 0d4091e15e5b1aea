import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styled from 'styled-components';
import { Field } from '../../../ui/Field';
import { Icon } from '../../../ui/Icon';
import { Badge, Button, Input, Row } from '../../../ui/primitives';
import type { ContentItem, ContentType } from '../model';
import { isReservedPageSlug, publicPath, slugify, tidySlugInput } from '../slug';
import { StatusBadge } from '../StatusBadge';
import type { Draft } from './draft';

const Bar = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  margin-bottom: 0.85rem;
  .fields {
    display: grid;
    gap: 0.75rem;
    grid-template-columns: minmax(14rem, 2fr) minmax(12rem, 1fr);
    align-items: start;
  }
  @media (max-width: 700px) {
    .fields {
      grid-template-columns: 1fr;
    }
  }
  .title input {
    font-size: 1.2rem;
    font-weight: 600;
  }
`;

export type EditorAction = 'save' | 'publish' | 'schedule' | 'unpublish' | 'restore' | 'preview';

export interface ToolbarProps {
  type: ContentType;
  item: ContentItem | null;
  draft: Draft;
  dirty: boolean;
  busy: EditorAction | null;
  titleError: string | null;
  slugError: string | null;
  settingsOpen: boolean;
  settingsId: string;
  onDraft: (change: (draft: Draft) => Draft) => void;
  onToggleSettings: () => void;
  onSave: () => void;
  onPublish: () => void;
  onSchedule: () => void;
  onUnpublish: () => void;
  onPreview: () => void;
  onRevisions: () => void;
}

/**
 * The editor's header: back to the list, status, title and slug (checked as the kernel checks
 * them), and the actions. Each control has a fixed accessible name and a test id, so a browser test
 * can drive it in any language.
 */
export function EditorToolbar(props: ToolbarProps) {
  const { t } = useTranslation('content');
  const { type, item, draft, dirty, busy } = props;
  const creating = item === null;
  const status = item?.status ?? 'draft';
  const slugShown = draft.slug === '' && creating ? slugify(draft.title) : draft.slug;
  const working = busy !== null;
  return (
    <Bar>
      <Row $wrap style={{ justifyContent: 'space-between' }}>
        <Row $wrap $gap="0.6rem">
          <Link to={`/dashboard/${type}s`}>{t(`content.${type}.back`)}</Link>
          {item === null ? <Badge $tone="neutral">{t('editor.new')}</Badge> : <StatusBadge item={item} />}
          {dirty ? (
            <Badge $tone="warning" data-testid="unsaved">
              {t('editor.unsaved')}
            </Badge>
          ) : null}
        </Row>
        <Row $wrap $gap="0.4rem" role="toolbar" aria-label={t('editor.actions')}>
          <Button
            type="button"
            $variant="ghost"
            aria-expanded={props.settingsOpen}
            aria-controls={props.settingsId}
            onClick={props.onToggleSettings}
            data-testid="toggle-settings"
          >
            <Icon name="settings" size={18} />
            {t('editor.settings')}
          </Button>
          <Button type="button" $variant="ghost" onClick={props.onRevisions} disabled={creating} data-testid="revisions">
            <Icon name="history" size={18} />
            {t('editor.revisions.open')}
          </Button>
          <Button type="button" $variant="secondary" onClick={props.onPreview} disabled={working} data-testid="preview">
            <Icon name="eye" size={18} />
            {t('editor.preview')}
          </Button>
          {status === 'draft' ? null : (
            <Button type="button" $variant="secondary" onClick={props.onUnpublish} disabled={working} data-testid="unpublish">
              {t('editor.unpublish')}
            </Button>
          )}
          <Button type="button" $variant="secondary" onClick={props.onSchedule} disabled={working} data-testid="schedule">
            <Icon name="calendar" size={18} />
            {t('editor.schedule.open')}
          </Button>
          <Button type="button" $variant="secondary" onClick={props.onSave} disabled={working || (!dirty && !creating)} data-testid="save">
            {busy === 'save' ? t('common.saving') : status === 'draft' ? t('editor.saveDraft') : t('editor.save')}
          </Button>
          <Button type="button" onClick={props.onPublish} disabled={working} data-testid="publish">
            {busy === 'publish' ? t('editor.publishing') : t('editor.publish')}
          </Button>
        </Row>
      </Row>
      <div className="fields">
        <div className="title">
          <Field label={t('editor.field.title')} error={props.titleError}>
            <Input
              value={draft.title}
              maxLength={400}
              onChange={(e) => props.onDraft((d) => ({ ...d, title: e.target.value }))}
              data-testid="item-title"
              autoFocus={creating}
            />
          </Field>
        </div>
        <Field
          label={t('editor.field.slug')}
          hint={
            type === 'page' && isReservedPageSlug(slugShown)
              ? t('editor.field.slugReserved', { path: `/${slugShown}` })
              : creating && draft.slug === ''
                ? t('editor.field.slugAuto', { path: publicPath(type, slugShown || '…') })
                : t('editor.field.slugHint', { path: publicPath(type, draft.slug || '…') })
          }
          error={props.slugError}
        >
          <Input
            value={draft.slug}
            placeholder={slugShown}
            maxLength={220}
            spellCheck={false}
            autoCapitalize="off"
            dir="ltr"
            onChange={(e) => props.onDraft((d) => ({ ...d, slug: tidySlugInput(e.target.value) }))}
            data-testid="item-slug"
          />
        </Field>
      </div>
    </Bar>
  );
}
