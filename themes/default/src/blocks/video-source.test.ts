import { describe, expect, it } from 'vitest';
import { videoSource } from './video-source.js';

const STORAGE = 'https://school.example/storage/v1/object/public';
const embed = (url: string) => {
  const source = videoSource(url, STORAGE);
  return source?.kind === 'embed' ? source.src : null;
};

describe('videoSource', () => {
  it('recognises the usual YouTube link shapes', () => {
    const id = 'dQw4w9WgXcQ';
    for (const url of [
      `https://www.youtube.com/watch?v=${id}`,
      `https://youtu.be/${id}`,
      `https://m.youtube.com/watch?v=${id}&list=x`,
      `https://www.youtube.com/shorts/${id}`,
      `https://www.youtube.com/embed/${id}`,
      `https://www.youtube-nocookie.com/embed/${id}`,
    ]) {
      expect(embed(url), url).toBe(`https://www.youtube-nocookie.com/embed/${id}`);
    }
    expect(embed(`https://youtu.be/${id}?t=90`)).toBe(`https://www.youtube-nocookie.com/embed/${id}?start=90`);
  });

  it("recognises Vimeo links, keeping an unlisted video's hash", () => {
    expect(embed('https://vimeo.com/123456')).toBe('https://player.vimeo.com/video/123456?dnt=1');
    expect(embed('https://vimeo.com/123456/abcdef12')).toBe('https://player.vimeo.com/video/123456?dnt=1&h=abcdef12');
    expect(embed('https://player.vimeo.com/video/123456?h=ff00')).toBe('https://player.vimeo.com/video/123456?dnt=1&h=ff00');
  });

  it('plays other URLs and storage paths as files, and refuses pages that are no video', () => {
    expect(videoSource('media/intro.mp4', STORAGE)).toEqual({ kind: 'file', src: `${STORAGE}/media/intro.mp4` });
    expect(videoSource('https://cdn.example/v.webm', STORAGE)).toEqual({ kind: 'file', src: 'https://cdn.example/v.webm' });
    expect(videoSource('https://www.youtube.com/@channel', STORAGE)).toBeNull();
    expect(videoSource('https://www.youtube.com/watch?v=short', STORAGE)).toBeNull();
    expect(videoSource('javascript:alert(1)', STORAGE)).toBeNull();
    expect(videoSource(undefined, STORAGE)).toBeNull();
  });
});
