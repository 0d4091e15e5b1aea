import { mediaSource } from '@lectern/theme-default/blocks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAuth } from '../../../auth/AuthProvider';
import { MEDIA_BUCKET } from '../../media/media-api';
import { MediaPickerDialog } from '../../media/MediaPickerDialog';
import { isImageName } from '../../media/upload-rules';
import { Button, Input, Row, Stack } from '../../../ui/primitives';

const Thumb = styled.img`
  display: block;
  max-width: 100%;
  max-height: 8rem;
  border-radius: 6px;
  border: 1px solid ${(p) => p.theme.border};
  object-fit: contain;
  background: ${(p) => p.theme.surfaceAlt};
`;

/** Where the site serves public storage objects, for previews of 'media/…' values. */
export function useStorageUrl(): string {
  const { site } = useAuth();
  return `${site.backend_url.replace(/\/+$/, '')}/storage/v1/object/public`;
}

/**
 * A media address: typed (any https URL) or chosen from the media library, which stores it as
 * 'media/<path>' so it follows the site to any of its domains. Images show a small preview.
 */
export function MediaUrlInput({
  id,
  value,
  onChange,
  label,
  imagesOnly,
  readOnly = false,
  invalid = false,
  describedBy,
}: {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  /** The field's name, for the buttons' accessible names. */
  label: string;
  imagesOnly: boolean;
  readOnly?: boolean;
  invalid?: boolean;
  describedBy?: string;
}) {
  const { t } = useTranslation('content');
  const [picking, setPicking] = useState(false);
  const storageUrl = useStorageUrl();
  const source = mediaSource(value, storageUrl);
  const showImage = source !== null && (imagesOnly || isImageName(source.src.split(/[?#]/, 1)[0] ?? ''));
  return (
    <Stack $gap="0.45rem">
      <Input
        id={id}
        value={value}
        readOnly={readOnly}
        maxLength={2000}
        placeholder={t('editor.media.placeholder')}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
      <Row $wrap $gap="0.4rem">
        <Button
          type="button"
          $variant="secondary"
          disabled={readOnly}
          onClick={() => setPicking(true)}
          aria-label={t('editor.media.chooseFor', { field: label })}
        >
          {imagesOnly ? t('editor.media.chooseImage') : t('editor.media.chooseFile')}
        </Button>
        {value !== '' ? (
          <Button type="button" $variant="ghost" disabled={readOnly} onClick={() => onChange('')} aria-label={t('editor.media.clearFor', { field: label })}>
            {t('editor.media.clear')}
          </Button>
        ) : null}
      </Row>
      {showImage && source !== null ? <Thumb src={source.src} alt={t('editor.media.previewOf', { field: label })} loading="lazy" /> : null}
      <MediaPickerDialog
        open={picking}
        onlyImages={imagesOnly}
        onClose={() => setPicking(false)}
        onPick={(_url, path) => onChange(`${MEDIA_BUCKET}/${path}`)}
      />
    </Stack>
  );
}
