import { fileTypeFromBuffer } from 'file-type';
import { extensionOf } from './object-path.js';
import { StorageErrors, storageError } from './storage-errors.js';

/** What the quota counts a file against (plan limits.storage.images / videos; all count towards storage). */
export type FileKind = 'image' | 'video' | 'other';

interface TypeRule {
  mime: string;
  kind: FileKind;
  /** file-type's names for content accepted under this extension; 'text' means checked as UTF-8 text. */
  accepts: readonly string[] | 'text';
}

const RASTER = ['jpg', 'png', 'gif', 'webp', 'avif', 'bmp'] as const;
const MP4_FAMILY = ['mp4', 'm4v', 'm4a', 'mov', '3gp', '3g2', 'f4v'];

/**
 * SPEC §5 upload types by extension. Raster images accept any raster format (an avatar taken as
 * PNG but saved as avatar.jpg is still an image) and are stored with the detected type; every
 * other binary type must match its extension's family.
 */
const RULES: Record<string, TypeRule> = {
  jpg: { mime: 'image/jpeg', kind: 'image', accepts: RASTER },
  jpeg: { mime: 'image/jpeg', kind: 'image', accepts: RASTER },
  png: { mime: 'image/png', kind: 'image', accepts: RASTER },
  gif: { mime: 'image/gif', kind: 'image', accepts: RASTER },
  webp: { mime: 'image/webp', kind: 'image', accepts: RASTER },
  avif: { mime: 'image/avif', kind: 'image', accepts: RASTER },
  bmp: { mime: 'image/bmp', kind: 'image', accepts: RASTER },
  svg: { mime: 'image/svg+xml', kind: 'image', accepts: 'text' },
  mp4: { mime: 'video/mp4', kind: 'video', accepts: MP4_FAMILY },
  m4v: { mime: 'video/x-m4v', kind: 'video', accepts: MP4_FAMILY },
  mov: { mime: 'video/quicktime', kind: 'video', accepts: MP4_FAMILY },
  webm: { mime: 'video/webm', kind: 'video', accepts: ['webm', 'mkv'] },
  mkv: { mime: 'video/x-matroska', kind: 'video', accepts: ['mkv', 'webm'] },
  avi: { mime: 'video/x-msvideo', kind: 'video', accepts: ['avi'] },
  mpeg: { mime: 'video/mpeg', kind: 'video', accepts: ['mpg', 'mts'] },
  mpg: { mime: 'video/mpeg', kind: 'video', accepts: ['mpg', 'mts'] },
  ogv: { mime: 'video/ogg', kind: 'video', accepts: ['ogv', 'ogg', 'ogm', 'ogx'] },
  mp3: { mime: 'audio/mpeg', kind: 'other', accepts: ['mp3', 'mp2', 'mp1'] },
  wav: { mime: 'audio/wav', kind: 'other', accepts: ['wav'] },
  ogg: { mime: 'audio/ogg', kind: 'other', accepts: ['ogg', 'oga', 'opus', 'ogv', 'ogx', 'spx'] },
  oga: { mime: 'audio/ogg', kind: 'other', accepts: ['ogg', 'oga', 'opus', 'ogx', 'spx'] },
  opus: { mime: 'audio/opus', kind: 'other', accepts: ['opus', 'ogg', 'oga'] },
  m4a: { mime: 'audio/mp4', kind: 'other', accepts: MP4_FAMILY },
  aac: { mime: 'audio/aac', kind: 'other', accepts: ['aac', 'm4a', 'mp4'] },
  flac: { mime: 'audio/flac', kind: 'other', accepts: ['flac'] },
  pdf: { mime: 'application/pdf', kind: 'other', accepts: ['pdf'] },
  gz: { mime: 'application/gzip', kind: 'other', accepts: ['gz'] },
  gzip: { mime: 'application/gzip', kind: 'other', accepts: ['gz'] },
  tgz: { mime: 'application/gzip', kind: 'other', accepts: ['gz'] },
  zip: { mime: 'application/zip', kind: 'other', accepts: ['zip', 'docx', 'xlsx', 'pptx', 'epub', 'jar'] },
  doc: { mime: 'application/msword', kind: 'other', accepts: ['cfb'] },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', kind: 'other', accepts: ['docx', 'zip', 'docm', 'dotx'] },
  xls: { mime: 'application/vnd.ms-excel', kind: 'other', accepts: ['cfb'] },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', kind: 'other', accepts: ['xlsx', 'zip', 'xlsm', 'xltx'] },
  ppt: { mime: 'application/vnd.ms-powerpoint', kind: 'other', accepts: ['cfb'] },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', kind: 'other', accepts: ['pptx', 'zip', 'pptm', 'ppsx', 'potx'] },
  csv: { mime: 'text/csv', kind: 'other', accepts: 'text' },
  txt: { mime: 'text/plain', kind: 'other', accepts: 'text' },
  json: { mime: 'application/json', kind: 'other', accepts: 'text' },
  xml: { mime: 'application/xml', kind: 'other', accepts: 'text' },
};

const MIME_BY_DETECTED: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  bmp: 'image/bmp',
};

export interface CheckedFile {
  mimetype: string;
  kind: FileKind;
  /** The content was checked as UTF-8 text (text types, JSON, SVG). */
  utf8: boolean;
}

export const ALLOWED_EXTENSIONS: readonly string[] = Object.keys(RULES);

/** Mime type of an allowed extension (for headers), undefined for anything else. */
export function mimeForPath(path: string): string | undefined {
  return RULES[extensionOf(path)]?.mime;
}

/**
 * Decides whether bytes may be stored under a path: the extension must be an allowed type and the
 * content must be that type, read from its magic bytes (an executable renamed .png is refused) or,
 * for text types, from its being readable UTF-8 text without control characters.
 */
export async function checkFile(path: string, bytes: Buffer): Promise<CheckedFile> {
  const ext = extensionOf(path);
  const rule = RULES[ext];
  if (rule === undefined) {
    throw storageError(StorageErrors.invalidMime, ext === '' ? 'The file name needs an extension of an allowed type' : `Files of type .${ext} are not allowed`);
  }
  if (rule.accepts === 'text') {
    if (!isText(bytes)) throw storageError(StorageErrors.contentMismatch, `The content of this .${ext} file is not text`);
    if (ext === 'json' && !parsesAsJson(bytes)) throw storageError(StorageErrors.contentMismatch, 'The content of this .json file is not valid JSON');
    if (ext === 'svg') checkSvg(bytes.toString('utf8'));
    return { mimetype: rule.mime, kind: rule.kind, utf8: true };
  }
  const detected = await fileTypeFromBuffer(bytes);
  if (detected === undefined || !rule.accepts.includes(detected.ext)) {
    const what = detected === undefined ? 'an unrecognised format' : `.${detected.ext}`;
    throw storageError(StorageErrors.contentMismatch, `The content of this .${ext} file is ${what}, not .${ext}`);
  }
  const mimetype = rule.kind === 'image' ? (MIME_BY_DETECTED[detected.ext] ?? rule.mime) : rule.mime;
  return { mimetype, kind: rule.kind, utf8: false };
}

/**
 * SVG is text that a browser runs as a document when opened directly: one carrying scripts,
 * event handlers, javascript: or data: links, embedded HTML or entity declarations is refused
 * (files are also served sandboxed and as downloads, but a stored script is a stored attack).
 */
const SVG_ACTIVE_CONTENT =
  /<\s*(script|foreignObject|iframe|embed|object|handler|listener)[\s/>]|\son[a-z]+\s*=|(href|src|from|to|values)\s*=\s*["']?\s*(javascript|vbscript|data|&#)|javascript\s*:|<!ENTITY|<\?xml-stylesheet/i;

function checkSvg(text: string): void {
  if (!/<svg[\s>]/i.test(text)) throw storageError(StorageErrors.contentMismatch, 'The content of this .svg file is not an SVG image');
  if (SVG_ACTIVE_CONTENT.test(text))
    throw storageError(StorageErrors.contentMismatch, 'SVG images with scripts, event handlers or embedded documents are not allowed');
}

/** Declared types a browser would run as a page or script: never stored, whatever the file. */
const ACTIVE_TYPES = new Set([
  'text/html',
  'application/xhtml+xml',
  'text/javascript',
  'application/javascript',
  'application/ecmascript',
  'text/ecmascript',
  'application/x-javascript',
  'text/xml',
  'application/xml',
  'text/xsl',
  'application/xslt+xml',
]);

/**
 * Other spellings clients give the types we detect (legacy, x- and misspelt names). A declared
 * synonym is stored as its canonical type: browsers, caches and our own inline rule (serve-object)
 * know `image/jpeg`, not `image/jpg`.
 */
const SYNONYMS: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/x-png': 'image/png',
  'image/x-bmp': 'image/bmp',
  'image/x-ms-bmp': 'image/bmp',
  'audio/x-m4a': 'audio/mp4',
  'audio/m4a': 'audio/mp4',
  'audio/mp3': 'audio/mpeg',
  'audio/x-mp3': 'audio/mpeg',
  'audio/mpeg3': 'audio/mpeg',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/x-flac': 'audio/flac',
  'audio/x-aac': 'audio/aac',
  'application/x-gzip': 'application/gzip',
  'application/x-zip-compressed': 'application/zip',
  'text/x-csv': 'text/csv',
  'application/csv': 'text/csv',
  'text/x-markdown': 'text/markdown',
};

/**
 * Types of their own that name the content we detected more precisely: kept as declared (a .txt
 * holding Markdown, an MP4 declared as M4V and the other way round).
 */
const REFINEMENTS: Record<string, readonly string[]> = {
  'text/plain': ['text/markdown'],
  'video/mp4': ['video/x-m4v'],
  'video/x-m4v': ['video/mp4'],
};

/** A UTF-8 charset label as clients write it. */
const UTF8 = /^utf-?8$/i;

/**
 * The content type to store and serve: the uploader's declared type when it names the content we
 * detected (the same type, a refinement of it, or a synonym, stored as the canonical type), else
 * ours. A charset is kept only when it says UTF-8 about text we checked to be UTF-8; any other
 * would tell the browser to read the bytes as something they are not. Active types (HTML, XHTML,
 * scripts, XML documents) are never taken from the client: the content was checked as something
 * else, and a browser must not be told to run it.
 */
export function storedContentType(declared: string | undefined, checked: CheckedFile): string {
  if (declared === undefined) return checked.mimetype;
  const [essence = '', ...params] = declared.split(';').map((part) => part.trim());
  const named = essence.toLowerCase();
  const type = SYNONYMS[named] ?? named;
  if (ACTIVE_TYPES.has(named) || ACTIVE_TYPES.has(type)) return checked.mimetype;
  if (type !== checked.mimetype && !(REFINEMENTS[checked.mimetype] ?? []).includes(type)) return checked.mimetype;
  const charset = params.map((p) => /^charset=("?)([A-Za-z0-9._-]{1,40})\1$/i.exec(p)?.[2]).find((c) => c !== undefined);
  return checked.utf8 && charset !== undefined && UTF8.test(charset) ? `${type};charset=${charset}` : type;
}

/** Valid UTF-8 without NUL or other control characters (tab, newlines, form feed allowed). */
export function isText(bytes: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}

function parsesAsJson(bytes: Buffer): boolean {
  try {
    JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
    return true;
  } catch {
    return false;
  }
}
