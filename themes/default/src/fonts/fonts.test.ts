import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FONT_FAMILIES, fontFor, SYSTEM_FONT_STACK } from './index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const entries = path.join(here, 'entries');
const require = createRequire(path.join(here, '..', '..', 'package.json'));

describe('font families', () => {
  it('offers 17 families, each with weights and a CSS entry', () => {
    expect(FONT_FAMILIES).toHaveLength(17);
    expect(new Set(FONT_FAMILIES.map((f) => f.id)).size).toBe(17);
    for (const family of FONT_FAMILIES) {
      expect(family.weights.length, family.id).toBeGreaterThan(0);
      expect(family.weights).toContain(400);
      expect(readdirSync(entries)).toContain(`${family.id}.css`);
    }
    expect(readdirSync(entries)).toHaveLength(17);
  });

  it('self-hosts every entry from an installed package, never a font CDN', () => {
    for (const file of readdirSync(entries)) {
      const css = readFileSync(path.join(entries, file), 'utf8');
      const imports = [...css.matchAll(/@import\s+'([^']+)'/g)].map((m) => m[1]!);
      expect(imports.length, file).toBeGreaterThan(0);
      expect(css).not.toMatch(/https?:/);
      for (const specifier of imports) {
        const resolved = require.resolve(specifier);
        const face = readFileSync(resolved, 'utf8');
        const family = FONT_FAMILIES.find((f) => `${f.id}.css` === file)!;
        expect(family.stack.startsWith(`'${/font-family: '([^']+)'/.exec(face)?.[1]}'`), file).toBe(true);
        expect(face).toMatch(/url\(\.\/files\/[^)]+\.woff2\)/);
      }
    }
  });
});

describe('fontFor', () => {
  it('finds a family by id or label in any case, or by the first name of a stack', () => {
    expect(fontFor('inter')).toEqual({ stack: FONT_FAMILIES[0]!.stack, entry: 'src/fonts/entries/inter.css' });
    expect(fontFor('Open Sans').entry).toBe('src/fonts/entries/open-sans.css');
    expect(fontFor('  PLAYFAIR display ').entry).toBe('src/fonts/entries/playfair-display.css');
    expect(fontFor('Lato, sans-serif')).toEqual({ stack: expect.stringMatching(/^'Lato', /), entry: 'src/fonts/entries/lato.css' });
    expect(fontFor('source-sans-3').stack).toMatch(/^'Source Sans 3 Variable', 'Source Sans 3', /);
  });

  it('falls back to the system stack with nothing to load', () => {
    for (const value of ['Comic Sans', '', null, undefined, 3, { id: 'inter' }, 'inter; } body { color: red']) {
      expect(fontFor(value)).toEqual({ stack: SYSTEM_FONT_STACK, entry: null });
    }
  });
});
