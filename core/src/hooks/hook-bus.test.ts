import { describe, expect, it } from 'vitest';
import { HookBus } from './hook-bus.js';

const all = { accountId: 'a', features: new Set(['lms']) };
const none = { accountId: 'b', features: new Set<string>() };

describe('HookBus', () => {
  it('runs actions by priority, then in the order added', async () => {
    const bus = new HookBus();
    const seen: string[] = [];
    bus.addAction('x', () => void seen.push('late'), { priority: 20 });
    bus.addAction('x', () => void seen.push('first'), { priority: 1 });
    bus.addAction('x', () => void seen.push('default-1'));
    bus.addAction('x', () => void seen.push('default-2'));
    await bus.doAction('x', {}, all);
    expect(seen).toEqual(['first', 'default-1', 'default-2', 'late']);
  });

  it('passes a value through every filter', async () => {
    const bus = new HookBus();
    bus.addFilter('title', (v) => `${String(v)}!`, { priority: 5 });
    bus.addFilter('title', (v) => String(v).toUpperCase());
    expect(await bus.applyFilters('title', 'hi', all)).toBe('HI!');
  });

  it("skips a plugin's handlers for accounts where its feature is off", async () => {
    const bus = new HookBus((plugin) => (plugin === 'lms' ? 'lms' : undefined));
    const seen: string[] = [];
    bus.addAction('user.created', (_p, scope) => void seen.push(`lms:${scope.accountId}`), { plugin: 'lms' });
    bus.addAction('user.created', (_p, scope) => void seen.push(`core:${scope.accountId}`));
    await bus.doAction('user.created', {}, all);
    await bus.doAction('user.created', {}, none);
    expect(seen).toEqual(['lms:a', 'core:a', 'core:b']);
  });

  it('removes a handler with the function it returned', async () => {
    const bus = new HookBus();
    let calls = 0;
    const off = bus.addAction('x', () => void calls++);
    await bus.doAction('x', {}, all);
    off();
    await bus.doAction('x', {}, all);
    expect(calls).toBe(1);
  });
});
