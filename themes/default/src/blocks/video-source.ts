import { mediaSource } from './media-source.js';

export type VideoSource = { kind: 'embed'; provider: 'youtube' | 'vimeo'; src: string } | { kind: 'file'; src: string };

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** '90', '90s', '1m30s', '1h2m3s' → seconds; 0 when unreadable. */
function seconds(value: string | null): number {
  if (value === null) return 0;
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s?)?$/.exec(value);
  if (match === null) return 0;
  const [, h = '0', m = '0', s = '0'] = match;
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
}

function youtubeId(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter(Boolean);
  if (host === 'youtu.be') return parts[0] ?? null;
  if (!YOUTUBE_HOSTS.has(host)) return null;
  if (parts[0] === 'watch') return url.searchParams.get('v');
  if (parts[0] !== undefined && ['embed', 'shorts', 'live', 'v'].includes(parts[0])) return parts[1] ?? null;
  return null;
}

function vimeoEmbed(url: URL): string | null {
  if (!VIMEO_HOSTS.has(url.hostname.toLowerCase())) return null;
  const parts = url.pathname.split('/').filter(Boolean);
  const at = parts.findIndex((part) => /^\d+$/.test(part));
  if (at < 0) return null;
  // Unlisted videos carry a privacy hash, either after the id or as ?h=.
  const hash = url.searchParams.get('h') ?? (parts[at + 1] !== undefined && /^[0-9a-f]+$/i.test(parts[at + 1]!) ? parts[at + 1]! : null);
  return `https://player.vimeo.com/video/${parts[at]}?dnt=1${hash === null ? '' : `&h=${hash}`}`;
}

/**
 * A video prop to what plays it: YouTube and Vimeo links become their privacy-friendly players
 * (youtube-nocookie, Vimeo with do-not-track — the origins the site's CSP frames), anything else is
 * a file for <video> (storage paths resolved). Null when nothing safe is left.
 */
export function videoSource(value: unknown, storageUrl: string): VideoSource | null {
  const media = mediaSource(value, storageUrl);
  if (media === null) return null;
  if (/^https?:\/\//i.test(media.src)) {
    const url = new URL(media.src);
    const id = youtubeId(url);
    if (id !== null && YOUTUBE_ID.test(id)) {
      const start = seconds(url.searchParams.get('t') ?? url.searchParams.get('start'));
      return { kind: 'embed', provider: 'youtube', src: `https://www.youtube-nocookie.com/embed/${id}${start > 0 ? `?start=${start}` : ''}` };
    }
    const vimeo = vimeoEmbed(url);
    if (vimeo !== null) return { kind: 'embed', provider: 'vimeo', src: vimeo };
    // A channel or search page on these sites is no video file either.
    const host = url.hostname.toLowerCase();
    if (host === 'youtu.be' || YOUTUBE_HOSTS.has(host) || VIMEO_HOSTS.has(host)) return null;
  }
  return { kind: 'file', src: media.src };
}
