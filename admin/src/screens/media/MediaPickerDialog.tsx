import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Icon } from '../../ui/Icon';
import { IconButton, Row } from '../../ui/primitives';
import { MediaLibrary } from './MediaLibrary';

const Dialog = styled.dialog`
  width: min(62rem, calc(100vw - 2rem));
  max-height: calc(100vh - 2rem);
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 10px;
  background: ${(p) => p.theme.bg};
  color: ${(p) => p.theme.text};
  padding: 1rem 1.25rem 1.25rem;
  &::backdrop {
    background: rgba(0, 0, 0, 0.45);
  }
  h2 {
    margin: 0;
    font-size: 1.15rem;
  }
`;

/**
 * The media library as a picker in a modal dialog: choosing a file (or uploading one) hands its
 * public address and its path in the bucket to `onPick`. A native <dialog> keeps focus inside and closes on Escape.
 */
export function MediaPickerDialog({
  open,
  onlyImages = true,
  onPick,
  onClose,
}: {
  open: boolean;
  onlyImages?: boolean;
  onPick: (url: string, path: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('content');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <Dialog ref={ref} onClose={onClose} aria-labelledby={titleId} data-testid="media-picker">
      <Row style={{ justifyContent: 'space-between', marginBottom: '0.75rem' }}>
        <h2 id={titleId}>{onlyImages ? t('media.pickImage') : t('media.pickFile')}</h2>
        <IconButton type="button" onClick={onClose} aria-label={t('common.close')}>
          <Icon name="close" />
        </IconButton>
      </Row>
      {open ? (
        <MediaLibrary
          mode="pick"
          onlyImages={onlyImages}
          onPick={(url, entry) => {
            onPick(url, entry.path);
            onClose();
          }}
        />
      ) : null}
    </Dialog>
  );
}
