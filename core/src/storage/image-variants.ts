import sharp from 'sharp';

/** SPEC §9: the device widths images are served at, and the default quality. */
export const DEVICE_WIDTHS = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;
export const VARIANT_QUALITY = 75;

/** Image types that get resized copies (GIF, BMP and SVG are served as uploaded). */
const FORMATS: Record<string, 'jpeg' | 'png' | 'webp' | 'avif'> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
};

/**
 * Decoding is bounded: a small file can declare a huge canvas (a decompression bomb), so images
 * over 50 megapixels get no copies (sharp's default failOn: 'warning' already refuses corrupt data).
 */
const SHARP_INPUT = { limitInputPixels: 50_000_000 } as const;

export function hasVariants(mimetype: string): boolean {
  return FORMATS[mimetype] !== undefined;
}

export interface Variant {
  width: number;
  bytes: Buffer;
}

/**
 * Resized copies at every device width smaller than the original, in the original's format
 * (lossy formats at quality 75; PNG stays lossless). Images are never enlarged.
 */
export async function renderVariants(bytes: Buffer, mimetype: string): Promise<Variant[]> {
  const format = FORMATS[mimetype];
  if (format === undefined) return [];
  // sharp answers a corrupt or oversized image by rejecting (never by an 'error' event): the
  // caller logs it and the original is served at full size.
  const { width } = await sharp(bytes, SHARP_INPUT).metadata();
  if (width === undefined) return [];
  const variants: Variant[] = [];
  // One at a time: libvips already uses several threads per image, and memory stays bounded.
  for (const target of DEVICE_WIDTHS.filter((w) => w < width)) {
    const pipeline = sharp(bytes, SHARP_INPUT).rotate().resize({ width: target });
    const output = format === 'png' ? pipeline.png() : pipeline.toFormat(format, { quality: VARIANT_QUALITY });
    variants.push({ width: target, bytes: await output.toBuffer() });
  }
  return variants;
}

/** The smallest stored variant at least as wide as asked, else undefined (serve the original). */
export function pickVariant(widths: readonly number[], wanted: number): number | undefined {
  return [...widths].sort((a, b) => a - b).find((w) => w >= wanted);
}
