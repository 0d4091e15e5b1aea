import { createHash } from 'node:crypto';
import { Parser } from 'htmlparser2';
import { VIDEO_PLAYER_ORIGINS } from './player-origins.js';

export interface OwnerScripts {
  /** 'sha256-…' of each inline script, exactly as written. */
  hashes: string[];
  /** Origins of external scripts (https only; plain http ones are left to fail). */
  origins: string[];
}

/**
 * The owner's misc scripts (analytics and the like) are injected as given, so the page's CSP must
 * allow exactly them and nothing else: each inline script by its hash, each external one by its
 * origin. Stored content can never add a script, because sanitising already removed them.
 */
export function ownerScripts(html: string): OwnerScripts {
  const hashes = new Set<string>();
  const origins = new Set<string>();
  let inScript = false;
  let hasSrc = false;
  let body = '';
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name !== 'script') return;
        inScript = true;
        body = '';
        hasSrc = attributes.src !== undefined;
        if (hasSrc) {
          try {
            const url = new URL(attributes.src ?? '', 'https://self.invalid');
            if (url.protocol === 'https:' && url.host !== 'self.invalid') origins.add(url.origin);
          } catch {
            // An unparseable src simply gets no allowance.
          }
        }
      },
      ontext(text) {
        if (inScript) body += text;
      },
      onclosetag(name) {
        if (name !== 'script' || !inScript) return;
        inScript = false;
        if (!hasSrc && body.trim() !== '') hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
      },
    },
    { decodeEntities: false },
  );
  parser.write(html);
  parser.end();
  return { hashes: [...hashes], origins: [...origins] };
}

/**
 * The site's Content-Security-Policy: scripts only from our origin (the theme's bundle) plus the
 * owner's own; styles may be inline (the theme's CSS variables); media from anywhere over https;
 * the client talks to this site, or to the site's own hosted backend when one is configured;
 * frames only from the video players the video block embeds.
 */
export function siteCsp(scripts: OwnerScripts, backendUrl: string | null): string {
  const connect = ["'self'"];
  if (backendUrl !== null) {
    const backend = new URL(backendUrl);
    connect.push(backend.origin, `wss://${backend.host}`);
  }
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...scripts.hashes, ...scripts.origins].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "font-src 'self' data:",
    `frame-src ${VIDEO_PLAYER_ORIGINS.join(' ')}`,
    `connect-src ${connect.join(' ')}`,
    "object-src 'none'",
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}
