import type { FastifyReply } from 'fastify';
import type { StorageService } from '../storage-service.js';
import type { ObjectRow } from '../storage-rows.js';

/**
 * Sends an object (or one of its resized copies) with the headers storage-js and browsers use:
 * type, length, cache-control as uploaded, etag and last-modified. HEAD gets the headers only,
 * so exists() costs no read of the bytes.
 */
/** Types a browser shows as images or media; everything else (SVG, XML, text, documents) downloads. */
const INLINE_TYPES = /^(image\/(png|jpeg|gif|webp|avif|bmp)|video\/|audio\/|application\/pdf$)/;

export async function serveObject(
  request: { method: string; query: unknown },
  reply: FastifyReply,
  storage: StorageService,
  row: ObjectRow,
  width?: number,
): Promise<Buffer | string> {
  // Files are served from the site's own origin, where sessions live: nothing uploaded may run as
  // a page there. No sniffing, a sandbox policy, and scriptable types (SVG, XML…) as downloads.
  reply
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; media-src 'self'; sandbox")
    .header('content-type', row.mimetype)
    .header('cache-control', row.cache_control)
    .header('etag', width === undefined ? row.etag : `${row.etag.slice(0, -1)}-${width}"`)
    .header('last-modified', new Date(row.updated_at).toUTCString());
  // ?download names the saved file; render routes take it unvalidated (their query schema allows any key).
  const query = request.query;
  const asked = typeof query === 'object' && query !== null && 'download' in query ? query.download : undefined;
  const download = asked === undefined ? undefined : String(asked);
  if (download === undefined && !INLINE_TYPES.test(row.mimetype)) {
    reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(row.name.slice(row.name.lastIndexOf('/') + 1))}`);
  }
  if (download !== undefined) {
    const name = download === '' || download === 'true' ? row.name.slice(row.name.lastIndexOf('/') + 1) : download;
    reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
  }
  if (request.method === 'HEAD') {
    reply.header('content-length', String(row.size));
    return '';
  }
  return storage.readObject(row.account_id, row, width);
}
