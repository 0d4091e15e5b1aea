import { describe, expect, it } from 'vitest';
import { orderPlugins, PluginOrderError } from './order.js';

const plugin = (name: string, requires: Record<string, string> = {}, version = '1.0.0') => ({ manifest: { name, version, requires } });
const names = (list: { manifest: { name: string } }[]) => list.map((p) => p.manifest.name);

describe('orderPlugins', () => {
  it('puts every plugin after what it requires, whatever the input order', () => {
    const input = [plugin('funnels', { ecommerce: '^1' }), plugin('ecommerce', { lms: '^1' }), plugin('lms'), plugin('affiliates', { ecommerce: '^1' })];
    const ordered = names(orderPlugins(input));
    expect(ordered).toEqual(['lms', 'ecommerce', 'affiliates', 'funnels']);
    expect(names(orderPlugins([...input].reverse()))).toEqual(ordered);
  });

  it('puts a plugin after its optional companions when they are installed, and ignores them otherwise', () => {
    const shop = { manifest: { name: 'ecommerce', version: '1.0.0', after: ['lms', 'gamification'] } };
    expect(names(orderPlugins([shop, plugin('lms'), plugin('affiliates')]))).toEqual(['affiliates', 'lms', 'ecommerce']);
    expect(names(orderPlugins([shop, plugin('affiliates')]))).toEqual(['affiliates', 'ecommerce']);
  });

  it('stops on a missing dependency, naming both plugins', () => {
    expect(() => orderPlugins([plugin('ecommerce', { lms: '^1' })])).toThrow(PluginOrderError);
    expect(() => orderPlugins([plugin('ecommerce', { lms: '^1' })])).toThrow('"ecommerce" requires "lms" (^1), which is not installed');
  });

  it('stops when the installed version does not satisfy the range', () => {
    expect(() => orderPlugins([plugin('lms', {}, '1.2.0'), plugin('ecommerce', { lms: '^2.0.0' })])).toThrow(
      '"ecommerce" requires "lms" ^2.0.0, but 1.2.0 is installed',
    );
  });

  it('stops on a cycle, naming the plugins in it', () => {
    const cycle = [plugin('a', { b: '*' }), plugin('b', { c: '*' }), plugin('c', { a: '*' }), plugin('d')];
    expect(() => orderPlugins(cycle)).toThrow('Plugin dependency cycle: "a" → "b" → "c" → "a"');
  });

  it('refuses the same plugin twice', () => {
    expect(() => orderPlugins([plugin('lms'), plugin('lms')])).toThrow('Plugin "lms" is installed twice');
  });
});
