import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Modal } from '../../ui/Modal';
import { MediaLibrary } from './MediaLibrary';

// The library's tiles sit on the page background, so the picker shows them on it too.
const Picker = styled(Modal)`
  background: ${(p) => p.theme.bg};
  padding: 1rem 1.25rem 1.25rem;
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
  return (
    <Picker
      open={open}
      title={onlyImages ? t('media.pickImage') : t('media.pickFile')}
      onClose={onClose}
      width={62}
      closeLabel={t('common.close')}
      testId="media-picker"
    >
      <MediaLibrary
        mode="pick"
        onlyImages={onlyImages}
        onPick={(url, entry) => {
          onPick(url, entry.path);
          onClose();
        }}
      />
    </Picker>
  );
}
