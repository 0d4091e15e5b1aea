import { describe, expect, it } from 'vitest';
import { IMAGE_QUALITY, IMAGE_WIDTHS, imageSrc, imageSrcSet, isOptimizable } from '../../core/src/site-images/contract.js';

describe('image URL helpers for themes', () => {
  it('follows SPEC §9: widths 640 to 3840, quality 75', () => {
    expect(IMAGE_WIDTHS).toEqual([640, 750, 828, 1080, 1200, 1920, 2048, 3840]);
    expect(IMAGE_QUALITY).toBe(75);
  });

  it('builds /_image URLs with the source encoded, leaving out the default quality', () => {
    expect(imageSrc('/storage/v1/object/public/media/a b.png', 640)).toBe('/_image?url=%2Fstorage%2Fv1%2Fobject%2Fpublic%2Fmedia%2Fa%20b.png&w=640');
    expect(imageSrc('media/a.png', 1080, 50)).toBe('/_image?url=media%2Fa.png&w=1080&q=50');
  });

  it('lists srcset widths up to the image’s own width, never none', () => {
    expect(imageSrcSet('media/a.png', 900)).toBe(
      '/_image?url=media%2Fa.png&w=640 640w, /_image?url=media%2Fa.png&w=750 750w, /_image?url=media%2Fa.png&w=828 828w',
    );
    expect(imageSrcSet('media/a.png', 100)).toBe('/_image?url=media%2Fa.png&w=640 640w');
    expect(imageSrcSet('media/a.png').split(', ')).toHaveLength(8);
  });

  it('tells which sources the optimizer takes', () => {
    expect(isOptimizable('/storage/v1/object/public/media/a.png')).toBe(true);
    expect(isOptimizable('media/a.png')).toBe(true);
    expect(isOptimizable('https://cdn.example.test/a.png')).toBe(false);
    expect(isOptimizable('/images/logo.png')).toBe(false);
  });
});
