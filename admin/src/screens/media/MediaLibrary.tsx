import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Icon } from '../../ui/Icon';
import { Button, Muted, Row, Stack } from '../../ui/primitives';
import { QueryView } from '../../ui/QueryView';
import { EmptyState, errorText } from '../../ui/states';
import { useToast } from '../../ui/toasts';
import { listMedia, MEDIA_KEY, MEDIA_PER_PAGE, publicUrl, removeMedia, thumbnailUrl, type MediaEntry } from './media-api';
import { ACCEPT_ALL, ACCEPT_IMAGES, extensionOf, formatBytes, isImageName } from './upload-rules';
import { UploadList } from './UploadList';
import { useUploads } from './useUploads';

const Tiles = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.85rem;
  grid-template-columns: repeat(auto-fill, minmax(10rem, 1fr));
`;

const Tile = styled.li`
  display: flex;
  flex-direction: column;
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 8px;
  background: ${(p) => p.theme.surface};
  overflow: hidden;
  .thumb {
    display: grid;
    place-items: center;
    aspect-ratio: 4 / 3;
    background: ${(p) => p.theme.surfaceAlt};
    color: ${(p) => p.theme.muted};
    border: 0;
    padding: 0;
    width: 100%;
    font: inherit;
    cursor: pointer;
  }
  .thumb img {
    width: 100%;
    height: 100%;
    object-fit: cover;
    display: block;
  }
  .thumb .ext {
    font-size: 0.8rem;
    font-weight: 700;
    text-transform: uppercase;
    margin-top: 0.25rem;
  }
  .meta {
    padding: 0.45rem 0.55rem 0.2rem;
    min-width: 0;
  }
  .meta strong {
    display: block;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    font-size: 0.85rem;
  }
  .meta small {
    color: ${(p) => p.theme.muted};
  }
  .actions {
    display: flex;
    gap: 0.25rem;
    padding: 0.25rem 0.35rem 0.4rem;
    flex-wrap: wrap;
  }
  .actions button {
    min-height: 1.9rem;
    padding: 0 0.5rem;
    font-size: 0.85rem;
  }
`;

const Drop = styled.div<{ $over: boolean }>`
  border: 2px dashed ${(p) => (p.$over ? p.theme.primary : p.theme.border)};
  border-radius: 10px;
  padding: 1rem;
  background: ${(p) => (p.$over ? p.theme.surfaceAlt : 'transparent')};
`;

export interface MediaLibraryProps {
  /** 'pick': choosing a file for a field (a click picks it, no deleting); 'manage': the library screen. */
  mode: 'manage' | 'pick';
  onlyImages?: boolean;
  onPick?: (url: string, entry: { path: string; name: string }) => void;
}

/**
 * The account's media bucket: a grid of its files (images as thumbnails, others by type), uploads of
 * several files at once with their progress and refusals, copying a file's address, deleting with a
 * confirmation, folders and paging. Serves the library screen and the editors' picker.
 */
export function MediaLibrary({ mode, onlyImages = false, onPick }: MediaLibraryProps) {
  const { t, i18n } = useTranslation('content');
  const toast = useToast();
  const queries = useQueryClient();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [prefix, setPrefix] = useState('');
  const [offset, setOffset] = useState(0);
  const [over, setOver] = useState(false);
  const [deleting, setDeleting] = useState<MediaEntry | null>(null);
  const uploads = useUploads(prefix, {
    onlyImages,
    // Picking: one uploaded file is the one wanted.
    onUploaded: (item, batchSize) => {
      if (mode === 'pick' && batchSize === 1) onPick?.(item.url, { path: item.path, name: item.path.split('/').pop() ?? item.path });
    },
  });
  const list = useQuery({ queryKey: [...MEDIA_KEY, prefix, offset], queryFn: () => listMedia(prefix, offset), placeholderData: keepPreviousData });
  const remove = useMutation({
    mutationFn: (entry: MediaEntry) => removeMedia(entry.path),
    onSuccess: (_result, entry) => {
      setDeleting(null);
      toast(t('media.deleted', { name: entry.name }));
      void queries.invalidateQueries({ queryKey: MEDIA_KEY });
    },
    onError: (failure) => {
      setDeleting(null);
      toast(errorText(t, failure), 'danger');
    },
  });

  const openFolder = (path: string) => {
    setPrefix(path);
    setOffset(0);
  };
  const copy = async (entry: MediaEntry) => {
    const url = publicUrl(entry.path);
    try {
      await navigator.clipboard.writeText(url);
      toast(t('media.copied'));
    } catch {
      // Without clipboard access (an insecure origin, a denied permission) the address is shown to copy by hand.
      window.prompt(t('media.copyManually'), url);
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    uploads.add(event.dataTransfer.files);
  };

  const folders = prefix === '' ? [] : prefix.split('/');
  const visible = (entries: MediaEntry[]) => entries.filter((entry) => entry.folder || !onlyImages || isImageName(entry.name));

  return (
    <Stack>
      <Drop
        $over={over}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <Stack $gap="0.6rem">
          <Row $wrap>
            <Button type="button" onClick={() => input.current?.click()} aria-controls={inputId} data-testid="media-upload">
              <Icon name="upload" />
              {onlyImages ? t('media.uploadImages') : t('media.uploadFiles')}
            </Button>
            <Muted>{onlyImages ? t('media.dropHintImages') : t('media.dropHint')}</Muted>
          </Row>
          <input
            ref={input}
            id={inputId}
            type="file"
            multiple
            accept={onlyImages ? ACCEPT_IMAGES : ACCEPT_ALL}
            className="visually-hidden"
            tabIndex={-1}
            aria-label={onlyImages ? t('media.uploadImages') : t('media.uploadFiles')}
            onChange={(event) => {
              if (event.target.files !== null) uploads.add(event.target.files);
              event.target.value = '';
            }}
          />
          <UploadList items={uploads.items} onClear={uploads.clear} />
        </Stack>
      </Drop>

      {prefix === '' ? null : (
        <nav aria-label={t('media.folders')}>
          <Row $wrap $gap="0.35rem">
            <Button type="button" $variant="ghost" onClick={() => openFolder('')}>
              {t('media.allFiles')}
            </Button>
            {folders.map((folder, index) => (
              <span key={index}>
                /{' '}
                <Button
                  type="button"
                  $variant="ghost"
                  aria-current={index === folders.length - 1 ? 'location' : undefined}
                  onClick={() => openFolder(folders.slice(0, index + 1).join('/'))}
                >
                  {folder}
                </Button>
              </span>
            ))}
          </Row>
        </nav>
      )}

      <QueryView
        query={list}
        isEmpty={(page) => visible(page.entries).length === 0 && offset === 0}
        empty={<EmptyState title={prefix === '' ? t('media.empty') : t('media.emptyFolder')} hint={t('media.emptyHint')} />}
      >
        {(page) => (
          <Stack $gap="0.75rem">
            <Tiles aria-label={t('media.files')} data-testid="media-grid">
              {visible(page.entries).map((entry) =>
                entry.folder ? (
                  <Tile key={entry.path} data-folder={entry.path}>
                    <button type="button" className="thumb" onClick={() => openFolder(entry.path)} aria-label={t('media.openFolder', { name: entry.name })}>
                      <span>
                        <Icon name="folder" size={40} />
                      </span>
                    </button>
                    <div className="meta">
                      <strong>{entry.name}</strong>
                      <small>{t('media.folder')}</small>
                    </div>
                  </Tile>
                ) : (
                  <Tile key={entry.path} data-file={entry.path}>
                    <button
                      type="button"
                      className="thumb"
                      onClick={() =>
                        mode === 'pick'
                          ? onPick?.(publicUrl(entry.path), { path: entry.path, name: entry.name })
                          : window.open(publicUrl(entry.path), '_blank', 'noopener')
                      }
                      aria-label={mode === 'pick' ? t('media.pick', { name: entry.name }) : t('media.open', { name: entry.name })}
                    >
                      {isImageName(entry.name) ? (
                        <img src={thumbnailUrl(entry.path)} alt="" loading="lazy" decoding="async" />
                      ) : (
                        <span>
                          <Icon name="file" size={40} />
                          <span className="ext" style={{ display: 'block' }}>
                            {extensionOf(entry.name) || '?'}
                          </span>
                        </span>
                      )}
                    </button>
                    <div className="meta">
                      <strong title={entry.name}>{entry.name}</strong>
                      <small>{entry.size === null ? '' : formatBytes(entry.size, i18n.language)}</small>
                    </div>
                    <div className="actions">
                      {mode === 'pick' ? (
                        <Button type="button" $variant="secondary" onClick={() => onPick?.(publicUrl(entry.path), { path: entry.path, name: entry.name })}>
                          {t('media.choose')}
                        </Button>
                      ) : null}
                      <Button type="button" $variant="ghost" onClick={() => void copy(entry)} aria-label={t('media.copyUrlOf', { name: entry.name })}>
                        <Icon name="copy" size={16} />
                        {t('media.copyUrl')}
                      </Button>
                      {mode === 'manage' ? (
                        <Button type="button" $variant="ghost" onClick={() => setDeleting(entry)} aria-label={t('media.deleteOf', { name: entry.name })}>
                          <Icon name="trash" size={16} />
                          {t('common.delete')}
                        </Button>
                      ) : null}
                    </div>
                  </Tile>
                ),
              )}
            </Tiles>
            {offset === 0 && !page.hasMore ? null : (
              <Row style={{ justifyContent: 'space-between' }}>
                <Muted>{t('media.page', { page: Math.floor(offset / MEDIA_PER_PAGE) + 1 })}</Muted>
                <Row $gap="0.5rem">
                  <Button
                    type="button"
                    $variant="secondary"
                    disabled={offset === 0 || list.isFetching}
                    onClick={() => setOffset(Math.max(0, offset - MEDIA_PER_PAGE))}
                  >
                    {t('common.previous')}
                  </Button>
                  <Button type="button" $variant="secondary" disabled={!page.hasMore || list.isFetching} onClick={() => setOffset(offset + MEDIA_PER_PAGE)}>
                    {t('common.next')}
                  </Button>
                </Row>
              </Row>
            )}
          </Stack>
        )}
      </QueryView>

      <ConfirmDialog
        open={deleting !== null}
        title={t('media.confirmDelete', { name: deleting?.name ?? '' })}
        body={t('media.confirmDeleteBody')}
        confirmLabel={t('common.delete')}
        busy={remove.isPending}
        onConfirm={() => deleting !== null && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
