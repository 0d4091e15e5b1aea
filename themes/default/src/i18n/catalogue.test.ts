import { describe, expect, it } from 'vitest';
import { en } from './en.js';
import { messagesFor, SITE_LANGUAGES } from './catalogue.js';
import { translate } from './messages.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('site text in twenty languages (SPEC §9)', () => {
  it('has a catalogue for every language, with the same placeholders as English', () => {
    expect(SITE_LANGUAGES).toHaveLength(20);
    for (const language of SITE_LANGUAGES) {
      const messages = messagesFor(language);
      for (const key of Object.keys(en) as (keyof typeof en)[]) {
        expect(placeholders(messages[key]), `${language} ${key}`).toEqual(placeholders(en[key]));
      }
    }
  });

  it('translates each language (not just English copies)', () => {
    for (const language of SITE_LANGUAGES.filter((l) => l !== 'en')) expect(messagesFor(language)['header.login'], language).not.toBe(en['header.login']);
  });

  it('includes errors.notFound', () => {
    expect(messagesFor('en')['errors.notFound']).toBe('Nothing found');
    expect(messagesFor('fr')['errors.notFound']).toBe('Aucun résultat');
  });

  it('falls back to English for an unknown language and for a missing key', () => {
    expect(messagesFor('xx')['header.login']).toBe('Log in');
    expect(translate({ 'header.login': 'Anmelden' }, 'header.signup')).toBe('header.signup');
    expect(messagesFor('de')['header.cartCount']).toBe('Warenkorb, {count} Artikel');
  });

  it('fills placeholders', () => {
    expect(translate(messagesFor('en'), 'blog.pageOf', { page: 2, pages: 5 })).toBe('Page 2 of 5');
  });
});
