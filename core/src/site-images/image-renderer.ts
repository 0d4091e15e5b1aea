import type { OutputFormat } from './accept.js';
import { MIME_OF } from './accept.js';
import { ByteLru } from './byte-lru.js';
import { renderImage } from './render-image.js';

export interface Rendered {
  bytes: Buffer;
  contentType: string;
}

export interface RenderJob {
  /** Names this exact rendering (source file, width, quality, format) within the account. */
  key: string;
  readSource: () => Promise<Buffer>;
  width: number;
  quality: number;
  format: OutputFormat;
}

/**
 * Renders through a bytes-bounded LRU cache, and a burst of identical requests (a page's first
 * visitors) shares one rendering instead of encoding the same image once each.
 */
export class ImageRenderer {
  private readonly cache: ByteLru<Rendered>;
  private readonly inFlight = new Map<string, Promise<Rendered>>();

  constructor(cacheBytes: number) {
    this.cache = new ByteLru<Rendered>(cacheBytes);
  }

  async render(job: RenderJob): Promise<Rendered> {
    const cached = this.cache.get(job.key);
    if (cached !== undefined) return cached;
    let pending = this.inFlight.get(job.key);
    if (pending === undefined) {
      pending = (async () => {
        const bytes = await renderImage(await job.readSource(), job.width, job.quality, job.format);
        const rendered = { bytes, contentType: MIME_OF[job.format] };
        this.cache.set(job.key, rendered);
        return rendered;
      })().finally(() => this.inFlight.delete(job.key));
      this.inFlight.set(job.key, pending);
    }
    return pending;
  }
}
