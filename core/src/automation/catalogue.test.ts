import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import type { PluginManifest } from '../plugins/manifest.js';
import { declareBuiltIns, wallClock } from './built-ins.js';
import { AutomationCatalogue } from './catalogue.js';
import { defineAction, defineTrigger } from './declarations.js';

const manifest = (automation: PluginManifest['automation'], feature = 'extra'): PluginManifest => ({
  name: 'extra',
  version: '1.0.0',
  kernel: '*',
  feature,
  automation,
});
const shout = defineAction('shout', Type.Object({ text: Type.String({ minLength: 1 }) }, { additionalProperties: false }));

describe('automation catalogue', () => {
  it('stops the boot for an action declared without code, and for code given to an undeclared key', () => {
    const catalogue = new AutomationCatalogue();
    declareBuiltIns(catalogue);
    catalogue.declareManifest(manifest({ actions: [shout] }));
    expect(() => catalogue.verify()).toThrow('action "shout" (extra)');
    expect(() => catalogue.setHandler('extra', 'whisper', async () => undefined)).toThrow('does not declare');
    expect(() => catalogue.setHandler('other', 'shout', async () => undefined)).toThrow('does not declare');
    catalogue.setHandler('extra', 'shout', async () => undefined);
    expect(() => catalogue.verify()).not.toThrow();
  });

  it('refuses a key declared twice, and a schema that is not a TypeBox object', () => {
    const catalogue = new AutomationCatalogue();
    declareBuiltIns(catalogue);
    expect(() => catalogue.declareManifest(manifest({ triggers: [defineTrigger('manual', Type.Object({}))] }))).toThrow('declared twice');
    expect(() => new AutomationCatalogue().declareManifest(manifest({ triggers: [{ key: 'raw', payload: { userId: 'uuid' } }] }))).toThrow('TypeBox');
  });

  it('checks an automation against what the account may use, with the path of each problem', () => {
    const catalogue = new AutomationCatalogue();
    declareBuiltIns(catalogue);
    catalogue.declareManifest(manifest({ actions: [shout] }));
    const steps = { trigger_type: 'manual', actions: [{ key: 'shout', args: { text: '' } }] };
    expect(catalogue.validateAutomation(steps, new Set(['extra'])).map((p) => p.path)).toEqual(['/actions/0/args/text']);
    // Off: the plugin's action is not there at all.
    expect(catalogue.validateAutomation(steps, new Set()).map((p) => p.path)).toEqual(['/actions/0/key']);
  });

  it('reads the wall clock of a time zone (time_of_day, day_of_week)', () => {
    // 2026-03-02 is a Monday; 23:30 UTC is already Tuesday 08:30 in Tokyo.
    const now = new Date('2026-03-02T23:30:00Z');
    expect(wallClock(now)).toEqual({ minutes: 23 * 60 + 30, weekday: 1 });
    expect(wallClock(now, 'Asia/Tokyo')).toEqual({ minutes: 8 * 60 + 30, weekday: 2 });
  });
});
