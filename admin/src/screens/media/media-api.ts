import { currentAccessToken, supabase, type SiteConfig } from '../../auth/supabase';
import { isResizedImage } from './upload-rules';

/** The account's public media bucket (the kernel creates it on first use). */
export const MEDIA_BUCKET = 'media';
export const MEDIA_KEY = ['media'] as const;
export const MEDIA_PER_PAGE = 24;
/** The smallest stored copy width (SPEC §9): enough for a grid thumbnail. */
const THUMB_WIDTH = 640;

export interface MediaEntry {
  /** Path inside the bucket (folder/name). */
  path: string;
  name: string;
  folder: boolean;
  size: number | null;
  mimetype: string | null;
  createdAt: string | null;
}

export interface MediaPage {
  entries: MediaEntry[];
  /** Whether there is another page after this one (the list route gives no total). */
  hasMore: boolean;
}

const bucket = () => supabase().storage.from(MEDIA_BUCKET);
const join = (prefix: string, name: string) => (prefix === '' ? name : `${prefix}/${name}`);

/** One page of a folder, newest first; asks for one more than shown to know whether a next page exists. */
export async function listMedia(prefix: string, offset: number, limit = MEDIA_PER_PAGE): Promise<MediaPage> {
  const { data, error } = await bucket().list(prefix, { limit: limit + 1, offset, sortBy: { column: 'created_at', order: 'desc' } });
  if (error !== null) throw error;
  if (data === null) throw new Error('Undefined data');
  const entries = data.slice(0, limit).map((row): MediaEntry => {
    const metadata = (row.metadata ?? {}) as { size?: unknown; mimetype?: unknown };
    return {
      path: join(prefix, row.name),
      name: row.name,
      folder: row.id === null,
      size: typeof metadata.size === 'number' ? metadata.size : null,
      mimetype: typeof metadata.mimetype === 'string' ? metadata.mimetype : null,
      createdAt: row.created_at ?? null,
    };
  });
  return { entries, hasMore: data.length > limit };
}

export async function removeMedia(path: string): Promise<void> {
  const { error } = await bucket().remove([path]);
  if (error !== null) throw error;
}

/** The address visitors load a file from. */
export const publicUrl = (path: string): string => bucket().getPublicUrl(path).data.publicUrl;

/** A small copy for the grid where the kernel keeps resized copies, else the file itself. */
export const thumbnailUrl = (path: string): string =>
  isResizedImage(path) ? bucket().getPublicUrl(path, { transform: { width: THUMB_WIDTH } }).data.publicUrl : publicUrl(path);

/** A refusal of the storage API: its code (invalid_mime_type, payload_too_large, quota_exceeded…) and message. */
export class UploadError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/**
 * Uploads one file to the media bucket as storage-js would (same endpoint and headers), but over
 * XMLHttpRequest, whose upload events give the progress fetch() cannot. Never overwrites: a clash
 * is an error (names carry a stamp, so it does not happen in practice).
 */
export async function uploadMedia(site: SiteConfig, path: string, file: File, onProgress: (ratio: number) => void, signal?: AbortSignal): Promise<string> {
  const token = await currentAccessToken();
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  const url = `${site.backend_url.replace(/\/+$/, '')}/storage/v1/object/${MEDIA_BUCKET}/${encoded}`;
  await new Promise<void>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('apikey', site.anon_key);
    if (token !== null) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.setRequestHeader('x-upsert', 'false');
    request.setRequestHeader('cache-control', 'max-age=3600');
    if (file.type !== '') request.setRequestHeader('content-type', file.type);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) return resolve();
      reject(refusal(request.responseText, request.status));
    };
    request.onerror = () => reject(new UploadError('network', 'The upload was interrupted'));
    request.onabort = () => reject(new UploadError('aborted', 'The upload was cancelled'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
  onProgress(1);
  return path;
}

function refusal(body: string, status: number): UploadError {
  try {
    const parsed = JSON.parse(body) as { error?: unknown; message?: unknown };
    if (typeof parsed.error === 'string') return new UploadError(parsed.error, typeof parsed.message === 'string' ? parsed.message : parsed.error);
  } catch {
    // not JSON: answered below
  }
  return new UploadError(`http_${status}`, body.slice(0, 200) || `HTTP ${status}`);
}
