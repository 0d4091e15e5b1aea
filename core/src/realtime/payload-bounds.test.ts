import { describe, expect, it } from 'vitest';
import { checkPayloadBounds, parseBoundedJson } from './payload-bounds.js';

describe('parseBoundedJson', () => {
  it('parses text within the depth as JSON.parse does', () => {
    const text = '["1","2","realtime:x","broadcast",{"type":"broadcast","payload":{"a":[1,{"b":"}]"}]}}]';
    expect(parseBoundedJson(text, 8)).toEqual({ value: JSON.parse(text), cut: false });
  });

  it('replaces only the too-deep elements of the top-level container, keeping the rest readable', () => {
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    const started = Date.now();
    const { value, cut } = parseBoundedJson(`["1","7","realtime:x","broadcast",${deep}]`, 10);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(cut).toBe(true);
    expect(value).toEqual(['1', '7', 'realtime:x', 'broadcast', null]);
    const object = parseBoundedJson(`{"ref":"3","payload":{"x":${'{"a":'.repeat(50)}1${'}'.repeat(50)}},"topic":"t"}`, 10);
    expect(object).toEqual({ value: { ref: '3', payload: null, topic: 't' }, cut: true });
  });

  it('is not fooled by brackets inside strings or escaped quotes', () => {
    const text = `{"a":"${'['.repeat(100)}\\"${'{'.repeat(100)}","b":1}`;
    expect(parseBoundedJson(text, 3)).toEqual({ value: JSON.parse(text), cut: false });
  });

  it('throws on malformed text like JSON.parse', () => {
    expect(() => parseBoundedJson('[1,', 5)).toThrow();
  });
});

describe('checkPayloadBounds', () => {
  it('measures depth without recursion and size in bytes', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(checkPayloadBounds(deep)).toBe('Payload is nested deeper than 32 levels');
    expect(checkPayloadBounds({ text: 'é'.repeat(140_000) })).toBe('Payload is larger than 262144 bytes');
    expect(checkPayloadBounds(Buffer.alloc(300_000))).toBe('Payload is larger than 262144 bytes');
    expect(checkPayloadBounds({ ok: [1, 2, { three: 3 }] })).toBeNull();
  });
});
