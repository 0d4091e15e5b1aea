import { describe, expect, it } from 'vitest';
import { isReservedPageSlug, previewPath, publicPath, slugify, slugProblem, tidySlugInput } from './slug';

describe('slugs in the editor', () => {
  it('accepts lower-case kebab only, as the kernel does', () => {
    expect(slugProblem('about-us')).toBeNull();
    expect(slugProblem('2024-plans')).toBeNull();
    expect(slugProblem('')).toBe('required');
    expect(slugProblem('About-Us')).toBe('pattern');
    expect(slugProblem('about--us')).toBe('pattern');
    expect(slugProblem('-about')).toBe('pattern');
    expect(slugProblem('about-')).toBe('pattern');
    expect(slugProblem('über')).toBe('pattern');
    expect(slugProblem('a'.repeat(200))).toBeNull();
    expect(slugProblem('a'.repeat(201))).toBe('tooLong');
  });

  it('derives a slug from a title the way the kernel does', () => {
    expect(slugify('  Über uns & Café!  ')).toBe('uber-uns-cafe');
    expect(slugify('Hello, World')).toBe('hello-world');
    expect(slugify('日本語')).toBe('');
    expect(slugProblem(slugify('Summer Sale — 50% off'))).toBeNull();
  });

  it('turns spaces and capitals into what was meant while typing, keeping other characters visible', () => {
    expect(tidySlugInput('About Us')).toBe('about-us');
    expect(tidySlugInput('a_b c')).toBe('a-b-c');
    expect(tidySlugInput('a/b')).toBe('a/b');
  });

  it('knows where visitors find pages and posts, and the preview address', () => {
    expect(publicPath('page', 'home')).toBe('/');
    expect(publicPath('page', 'about')).toBe('/about');
    expect(publicPath('post', 'home')).toBe('/blog/home');
    expect(previewPath('page', 'home', 'abc')).toBe('/?preview=abc');
    expect(previewPath('post', 'hello', 'abc')).toBe('/blog/hello?preview=abc');
    expect(isReservedPageSlug('blog')).toBe(true);
    expect(isReservedPageSlug('about')).toBe(false);
  });
});
