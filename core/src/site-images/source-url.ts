import { AppError, Errors } from '../errors/errors.js';
import { checkBucketId, normaliseObjectPath } from '../storage/object-path.js';

/** Where the site serves public buckets; the optimizer reads the same objects through the storage service. */
const PUBLIC_PREFIX = '/storage/v1/object/public/';

export interface ImageSource {
  bucket: string;
  /** Normalised like an upload's path. */
  path: string;
}

const refuse = (message: string) => new AppError(Errors.badRequest, message);

function decode(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    throw refuse('The image URL is not properly encoded');
  }
}

/** "bucket/path" into its checked parts. */
function split(storagePath: string): ImageSource {
  const slash = storagePath.indexOf('/');
  if (slash <= 0) throw refuse('The image URL must name a bucket and an object: <bucket>/<path>');
  return { bucket: checkBucketId(storagePath.slice(0, slash)), path: normaliseObjectPath(storagePath.slice(slash + 1)) };
}

function fromPublicPath(pathname: string): ImageSource {
  if (!pathname.startsWith(PUBLIC_PREFIX)) throw refuse(`Only this site's public storage images can be optimized (${PUBLIC_PREFIX}<bucket>/<path>)`);
  return split(decode(pathname.slice(PUBLIC_PREFIX.length)));
}

/**
 * The object an image URL names, or a 400. Accepted: this site's public storage URL, absolute
 * (same host as the request) or as a path, and a bare storage path. The optimizer never fetches
 * a URL: everything else, other hosts included, is refused here, so it cannot be turned into a
 * proxy for arbitrary addresses.
 */
export function parseImageSource(raw: string, requestHostname: string): ImageSource {
  const url = raw.trim();
  if (url === '') throw refuse('The image URL is empty');
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) {
    if (!/^https?:\/\//i.test(url)) throw refuse('Only http(s) URLs of this site can be optimized');
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw refuse('The image URL is not valid');
    }
    if (parsed.username !== '' || parsed.password !== '' || parsed.hostname.toLowerCase() !== requestHostname.toLowerCase().replace(/\.$/, '')) {
      throw refuse("Only this site's own images can be optimized");
    }
    return fromPublicPath(parsed.pathname);
  }
  // Protocol-relative (//host/…) and backslash tricks (browsers read /\host as //host) name other hosts.
  if (url.startsWith('//') || url.startsWith('/\\')) throw refuse("Only this site's own images can be optimized");
  if (url.startsWith('/')) return fromPublicPath(url.split(/[?#]/, 1)[0] as string);
  return split(url);
}
