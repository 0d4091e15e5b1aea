import sharp from 'sharp';
import { AppError, Errors } from '../errors/errors.js';
import type { OutputFormat } from './accept.js';

/**
 * Decoding stops above this many pixels (a 64-megapixel photo fits): a small file that claims
 * huge dimensions must not take the server's memory.
 */
export const MAX_INPUT_PIXELS = 64_000_000;

/** Stored types the optimizer re-encodes, and the format each keeps when the browser takes nothing better. */
const RESIZABLE: Record<string, OutputFormat> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
};

/** The original format to fall back on, or undefined for images served as stored (SVG, GIF, BMP, icons). */
export function resizableFormat(mimetype: string): OutputFormat | undefined {
  return RESIZABLE[mimetype];
}

/**
 * The image at most `width` pixels wide (never enlarged), turned upright by its EXIF orientation
 * and stripped of metadata (camera and location data), in `format` at `quality`. PNG stays
 * lossless. AVIF uses a low encoder effort: it is the slowest step, and a first visitor waits.
 */
export async function renderImage(bytes: Buffer, width: number, quality: number, format: OutputFormat): Promise<Buffer> {
  try {
    const pipeline = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().resize({ width, withoutEnlargement: true });
    switch (format) {
      case 'avif':
        return await pipeline.avif({ quality, effort: 2 }).toBuffer();
      case 'webp':
        return await pipeline.webp({ quality }).toBuffer();
      case 'jpeg':
        return await pipeline.jpeg({ quality, progressive: true }).toBuffer();
      case 'png':
        return await pipeline.png().toBuffer();
    }
  } catch {
    // A corrupt file, a type sharp cannot decode, or more pixels than allowed: the stored file is
    // the problem, not the server.
    throw new AppError(Errors.badRequest, 'The image could not be read');
  }
}
