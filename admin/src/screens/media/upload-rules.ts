/**
 * SPEC §5 upload types, as the kernel's storage accepts them by extension (core/src/storage/file-types.ts):
 * checked here too so a refused file is reported before its bytes travel.
 */
export const ALLOWED_EXTENSIONS = [
  // images
  'jpg',
  'jpeg',
  'png',
  'gif',
  'webp',
  'avif',
  'bmp',
  'svg',
  // video and audio
  'mp4',
  'm4v',
  'mov',
  'webm',
  'mkv',
  'avi',
  'mpeg',
  'mpg',
  'ogv',
  'mp3',
  'wav',
  'ogg',
  'oga',
  'opus',
  'm4a',
  'aac',
  'flac',
  // documents and data
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'csv',
  'txt',
  'json',
  'xml',
  'zip',
  'gz',
  'gzip',
  'tgz',
] as const;

const ALLOWED = new Set<string>(ALLOWED_EXTENSIONS);
const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'avif', 'bmp', 'svg']);
/** The kernel makes resized copies of these (SPEC §9 widths); others are served as uploaded. */
const RESIZED_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'webp', 'avif']);

/** The kernel's largest upload body (core/src/storage/routes/upload-routes.ts). */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

/** The file picker's `accept`: every allowed extension. */
export const ACCEPT_ALL = ALLOWED_EXTENSIONS.map((ext) => `.${ext}`).join(',');
export const ACCEPT_IMAGES = [...IMAGE_EXTENSIONS].map((ext) => `.${ext}`).join(',');

export const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
};

export const isImageName = (name: string) => IMAGE_EXTENSIONS.has(extensionOf(name));
export const isResizedImage = (name: string) => RESIZED_EXTENSIONS.has(extensionOf(name));

export type UploadProblem = 'type' | 'size' | 'empty';

/** Why a chosen file cannot be uploaded, or null when it may go. */
export function uploadProblem(file: { name: string; size: number }, onlyImages = false): UploadProblem | null {
  const ext = extensionOf(file.name);
  if (!ALLOWED.has(ext) || (onlyImages && !IMAGE_EXTENSIONS.has(ext))) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > MAX_UPLOAD_BYTES) return 'size';
  return null;
}

/**
 * The object name a file is stored under: its name made URL-safe (lower-case ASCII words joined by
 * "-"), a short stamp so two uploads of "photo.jpg" never clash, and its extension.
 */
export function objectName(fileName: string, stamp: string): string {
  const ext = extensionOf(fileName);
  const base = (ext === '' ? fileName : fileName.slice(0, -(ext.length + 1)))
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return `${base || 'file'}-${stamp}${ext === '' ? '' : `.${ext}`}`;
}

/** A size in the reader's language: bytes, KB, MB or GB with at most one decimal. */
export function formatBytes(bytes: number, language: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(language, { style: 'unit', unit: units[unit], unitDisplay: 'short', maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
}
