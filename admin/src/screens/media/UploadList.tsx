import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button, Row } from '../../ui/primitives';
import { ProgressBar } from '../../ui/ProgressBar';
import { formatBytes, MAX_UPLOAD_BYTES } from './upload-rules';
import type { UploadItem } from './useUploads';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 0.6rem;
  li {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    gap: 0.25rem 0.75rem;
    align-items: center;
  }
  .name {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    font-weight: 600;
  }
  .state {
    font-size: 0.85rem;
    color: ${(p) => p.theme.muted};
  }
  .state[data-kind='refused'],
  .state[data-kind='failed'] {
    color: ${(p) => p.theme.danger};
  }
  .state[data-kind='done'] {
    color: ${(p) => p.theme.success};
  }
  .bar {
    grid-column: 1 / -1;
  }
`;

/** Storage refusal codes the library words itself; others show the server's message. */
const KNOWN_FAILURES = new Set(['invalid_mime_type', 'payload_too_large', 'quota_exceeded', 'forbidden', 'not_authenticated', 'Duplicate', 'network']);

/** The files of the current upload batch: progress while they travel, then done or why not. */
export function UploadList({ items, onClear }: { items: UploadItem[]; onClear: () => void }) {
  const { t, i18n } = useTranslation('content');
  if (items.length === 0) return null;
  const describe = (item: UploadItem): string => {
    const { state } = item;
    switch (state.kind) {
      case 'waiting':
        return t('media.upload.waiting');
      case 'uploading':
        return t('media.upload.progress', { percent: Math.round(state.ratio * 100) });
      case 'done':
        return t('media.upload.done');
      case 'refused':
        return state.problem === 'type'
          ? t('media.upload.refusedType')
          : state.problem === 'size'
            ? t('media.upload.refusedSize', { max: formatBytes(MAX_UPLOAD_BYTES, i18n.language) })
            : t('media.upload.refusedEmpty');
      case 'failed':
        return KNOWN_FAILURES.has(state.code) ? t(`media.upload.failed.${state.code}`) : t('media.upload.failed.other', { reason: state.message });
    }
  };
  const settled = items.every((item) => item.state.kind !== 'waiting' && item.state.kind !== 'uploading');
  return (
    <section aria-label={t('media.upload.title')} data-testid="upload-list">
      <List>
        {items.map((item) => (
          <li key={item.key} data-upload-state={item.state.kind}>
            <span className="name" title={item.name}>
              {item.name}
            </span>
            <span className="state" data-kind={item.state.kind} role={item.state.kind === 'refused' || item.state.kind === 'failed' ? 'alert' : undefined}>
              {describe(item)} · {formatBytes(item.size, i18n.language)}
            </span>
            {item.state.kind === 'uploading' || item.state.kind === 'waiting' ? (
              <div className="bar">
                <ProgressBar
                  ratio={item.state.kind === 'uploading' ? item.state.ratio : 0}
                  tone="primary"
                  label={t('media.upload.progressOf', { name: item.name })}
                  max={100}
                  now={item.state.kind === 'uploading' ? Math.round(item.state.ratio * 100) : 0}
                />
              </div>
            ) : null}
          </li>
        ))}
      </List>
      {settled ? (
        <Row style={{ marginTop: '0.6rem' }}>
          <Button type="button" $variant="ghost" onClick={onClear}>
            {t('media.upload.clear')}
          </Button>
        </Row>
      ) : null}
    </section>
  );
}
