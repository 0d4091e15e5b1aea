import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BlockContextProvider } from './block-context.js';
import { IMAGE_QUALITY, IMAGE_WIDTHS, imageUrl, ResponsiveImage, type ResponsiveImageProps } from './responsive-image.js';

const STORAGE = 'https://school.example/storage/v1/object/public';

const draw = (props: ResponsiveImageProps) =>
  renderToString(
    <BlockContextProvider value={{ recentPosts: [], siteUrl: 'https://school.example', storageUrl: STORAGE }}>
      <ResponsiveImage {...props} />
    </BlockContextProvider>,
  );

/** The widths a srcset offers, each checked to go through the optimizer at quality 75. */
function srcsetWidths(html: string, key: string): number[] {
  const srcset = /srcSet="([^"]*)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
  if (srcset === undefined) return [];
  return srcset.split(', ').map((candidate) => {
    const [url, descriptor] = candidate.split(' ');
    const parsed = new URL(url!, 'https://school.example');
    expect(parsed.pathname).toBe('/_image');
    expect(parsed.searchParams.get('url')).toBe(key);
    expect(parsed.searchParams.get('q')).toBe('75');
    expect(descriptor).toBe(`${parsed.searchParams.get('w')}w`);
    return Number(parsed.searchParams.get('w'));
  });
}

describe('ResponsiveImage', () => {
  it('offers every device width through the optimizer for a storage path', () => {
    const html = draw({ src: 'media/photo one.png', alt: 'A photo', sizes: '50vw' });
    expect(srcsetWidths(html, 'media/photo one.png')).toEqual([640, 750, 828, 1080, 1200, 1920, 2048, 3840]);
    expect(html).toContain('sizes="50vw"');
    expect(html).toContain('alt="A photo"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('decoding="async"');
  });

  it("treats this site's public storage URLs as storage images too", () => {
    expect(srcsetWidths(draw({ src: `${STORAGE}/media/a.jpg`, alt: '' }), 'media/a.jpg')).toHaveLength(8);
    expect(srcsetWidths(draw({ src: '/storage/v1/object/public/media/b.jpg', alt: '' }), '/storage/v1/object/public/media/b.jpg')).toHaveLength(8);
  });

  it('uses an external image as given, without srcset', () => {
    const html = draw({ src: 'https://images.example/cat.jpg', alt: 'Cat' });
    expect(html).toContain('src="https://images.example/cat.jpg"');
    expect(html).not.toContain('srcSet');
    expect(html).not.toContain('/_image');
  });

  it('loads a priority image at once and draws nothing for an unsafe or empty source', () => {
    const html = draw({ src: 'media/hero.png', alt: '', priority: true });
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchPriority="high"');
    for (const src of ['javascript:alert(1)', '', null, 'media/../private/x.png']) {
      const out = draw({ src, alt: '' });
      expect(out.includes('/_image'), String(src)).toBe(false);
      if (src !== 'media/../private/x.png') expect(out).toBe('');
    }
  });

  it('builds optimizer URLs with the SPEC widths and quality', () => {
    expect(IMAGE_WIDTHS).toEqual([640, 750, 828, 1080, 1200, 1920, 2048, 3840]);
    expect(IMAGE_QUALITY).toBe(75);
    expect(imageUrl('media/a b.png', 640)).toBe('/_image?url=media%2Fa%20b.png&w=640&q=75');
    expect(imageUrl('/storage/v1/object/public/m/x.png', 3840, 50)).toBe('/_image?url=%2Fstorage%2Fv1%2Fobject%2Fpublic%2Fm%2Fx.png&w=3840&q=50');
  });
});
