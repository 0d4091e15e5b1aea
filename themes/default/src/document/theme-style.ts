import type { SiteShell } from '@lectern/sdk';
import { readBranding, readHeader, readTheme } from '../lib/site-settings.js';

/** Keeps a CSS value inside its declaration: no braces, semicolons, angle brackets or comments. */
function cssValue(value: string): string {
  return value.replace(/[{}<>;\\]|\/\*|\*\//g, '').trim();
}

/** Readable text on a hex background: dark on light colours, white on dark ones (WCAG luminance). */
export function textOn(colour: string): string | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour)?.[1];
  if (hex === undefined) return null;
  const full = hex.length === 3 ? hex.replace(/./g, (c) => c + c) : hex;
  const channel = (i: number) => {
    const v = parseInt(full.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  return luminance > 0.4 ? '#111111' : '#ffffff';
}

/**
 * The owner's settings as CSS variables for the inline <style> of every page: logo width (SPEC §9:
 * logo_width × 16 px, default 64), header font size, the font stack and the brand colours.
 */
export function themeStyle(shell: SiteShell, fontStack: string | null): string {
  const branding = readBranding(shell);
  const header = readHeader(shell);
  const theme = readTheme(shell);
  const vars: string[] = [`--logo-width:${branding.logoWidth}px`, `--header-font-size:${header.fontSize}px`];
  const font = fontStack === null ? '' : cssValue(fontStack);
  if (font !== '') vars.push(`--font-body:${font}`);
  if (theme.primaryColor !== null) {
    vars.push(`--color-primary:${cssValue(theme.primaryColor)}`);
    const onPrimary = textOn(theme.primaryColor);
    if (onPrimary !== null) vars.push(`--color-on-primary:${onPrimary}`);
  }
  if (theme.accentColor !== null) vars.push(`--color-accent:${cssValue(theme.accentColor)}`);
  // `:root[data-theme]` matches the dark palette's specificity, so the owner's colours win in both schemes.
  return `:root,:root[data-theme]{${vars.join(';')}}`;
}
