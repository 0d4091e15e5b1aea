import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pluginText, readCatalogues } from './plugin-text.js';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-plugin-text-'));
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};
write('en/site.json', JSON.stringify({ cart: { title: 'Your cart', items_one: '{{count}} item', items_other: '{{count}} items', hello: 'Hi {{name}}' } }));
write('en/mail.json', JSON.stringify({ subject: 'Welcome' }));
write(
  'ru/site.json',
  JSON.stringify({ cart: { title: 'Ваша корзина', items_one: '{{count}} товар', items_few: '{{count}} товара', items_many: '{{count}} товаров' } }),
);
write('not-a-language/site.json', JSON.stringify({ cart: { title: 'ignored' } }));
write('fr/notes.txt', 'not a catalogue');

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("a plugin's text", () => {
  const text = pluginText(root);

  it('reads nested keys with placeholders and plural forms, in the asked language', () => {
    const ru = text('ru');
    expect(ru('cart.title')).toBe('Ваша корзина');
    expect([1, 3, 5].map((count) => ru('cart.items', { count }))).toEqual(['1 товар', '3 товара', '5 товаров']);
    expect(text('en')('cart.items', { count: 1 })).toBe('1 item');
    expect(text('en')('cart.hello', { name: '<b>Ann</b>' })).toBe('Hi <b>Ann</b>'); // the view escapes, not the catalogue
  });

  it('falls back to English for a missing key or language, and answers an unknown key with itself', () => {
    expect(text('ru')('cart.hello', { name: 'Ann' })).toBe('Hi Ann');
    expect(text('ja')('cart.title')).toBe('Your cart');
    expect(text('en')('cart.nothing')).toBe('cart.nothing');
  });

  it('keeps namespaces apart (site by default) and ignores folders that are not languages', () => {
    expect(text('en', 'mail')('subject')).toBe('Welcome');
    expect(text('en')('subject')).toBe('subject');
    expect(Object.keys(readCatalogues(root)).sort()).toEqual(['en', 'ru']);
  });

  it('stops the boot on a broken catalogue, naming the file', () => {
    write('de/site.json', '{ nope');
    expect(() => pluginText(root)).toThrow(/de\/site\.json is not valid JSON/);
    fs.rmSync(path.join(root, 'de'), { recursive: true });
  });

  it('has no words without a folder: keys come back as themselves', () => {
    expect(pluginText(undefined)('en')('cart.title')).toBe('cart.title');
  });
});
