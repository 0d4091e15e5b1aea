import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EXPIRY_MS,
  courseState,
  dripReleaseTimes,
  enrolmentLengthMs,
  expiryAt,
  isItemComplete,
  progressPercent,
  unitLockStates,
  type CompletionInput,
  type RuleItem,
} from './rules/index.js';

const unit = (id: string, settings: Record<string, unknown> = {}): RuleItem => ({ id, post_type: 'unit', settings });
const section = (id: string): RuleItem => ({ id, post_type: 'section' });
const none: CompletionInput = { stamps: {}, quizzes: new Map(), assignments: new Map() };
const stamped = (...ids: string[]): CompletionInput => ({ ...none, stamps: Object.fromEntries(ids.map((id) => [id, 1_700_000_000])) });

describe('progress', () => {
  it('is the floor of completed ÷ non-section items: 1 of 3 → 33, 2 of 3 → 66, sections do not count', () => {
    const items = [section('s1'), unit('a'), unit('b'), section('s2'), unit('c')];
    expect(progressPercent(items, stamped('a'))).toBe(33);
    expect(progressPercent(items, stamped('a', 'b'))).toBe(66);
    expect(progressPercent(items, stamped('a', 'b', 'c'))).toBe(100);
    expect(progressPercent(items, none)).toBe(0);
    expect(progressPercent([section('s')], stamped('s'))).toBe(0);
  });

  it('counts a quiz at status 3 or more, and an assignment only at status ≥ 3 with marks', () => {
    const quiz: RuleItem = { id: 'q', post_type: 'quiz' };
    const task: RuleItem = { id: 't', post_type: 'assignment' };
    const at = (q: number, t: number, marks: number | null): CompletionInput => ({
      stamps: {},
      quizzes: new Map([['q', { status: q, marks: 0 }]]),
      assignments: new Map([['t', { status: t, marks }]]),
    });
    expect(isItemComplete(quiz, at(2, 2, null))).toBe(false);
    expect(isItemComplete(quiz, at(3, 2, null))).toBe(true);
    expect(isItemComplete(quiz, at(4, 2, null))).toBe(true);
    expect(isItemComplete(task, at(3, 3, null))).toBe(false);
    expect(isItemComplete(task, at(3, 3, 0))).toBe(true);
    expect(isItemComplete(task, at(3, 2, 10))).toBe(false);
    // A stamp in curriculum_data does not complete a quiz: only its submission does.
    expect(isItemComplete(quiz, { ...none, stamps: { q: 1 } })).toBe(false);
  });
});

describe('unit lock', () => {
  const items = [section('s1'), unit('a'), unit('b'), section('s2'), unit('c'), unit('d')];
  it('makes the first item, completed items and the item after a completed one reachable', () => {
    const done = new Set(['a']);
    const locked = unitLockStates(items, (i) => done.has(i.id), true);
    expect(Object.fromEntries(locked)).toEqual({ a: false, b: false, c: true, d: true });
  });
  it('skips sections when looking for the previous item, and keeps a completed item reachable', () => {
    const done = new Set(['b', 'd']);
    const locked = unitLockStates(items, (i) => done.has(i.id), true);
    // a is first; b is complete; c follows b across a section; d is complete.
    expect(Object.fromEntries(locked)).toEqual({ a: false, b: false, c: false, d: false });
    const onlyD = unitLockStates(items, (i) => i.id === 'd', true);
    expect(Object.fromEntries(onlyD)).toEqual({ a: false, b: true, c: true, d: false });
  });
  it('locks nothing when unitLock is off', () => {
    expect([...unitLockStates(items, () => false, false).values()].every((v) => !v)).toBe(true);
  });
});

describe('drip feed', () => {
  const start = 1_000_000;
  const items = [section('s1'), unit('a'), unit('b'), section('s2'), unit('c'), section('s3'), unit('d')];
  it('from the course start by unit position: start + value × parameter × position', () => {
    const times = dripReleaseTimes(items, { enabled: true, value: 2, parameter: 'day', multiplier: 'unit', from: 'start' }, start);
    expect(Object.fromEntries(times ?? [])).toEqual({ a: start, b: start + 2 * 86_400, c: start + 4 * 86_400, d: start + 6 * 86_400 });
  });
  it('by section count: every unit of the n-th section (0-based) opens at start + delay × n', () => {
    const times = dripReleaseTimes(items, { enabled: true, value: 1, parameter: 'week', multiplier: 'section', from: 'start' }, start);
    expect(Object.fromEntries(times ?? [])).toEqual({ a: start, b: start, c: start + 604_800, d: start + 2 * 604_800 });
  });
  it("from the previous unit's start: each unit opens one step after the previous one, a unit's own duration setting the step", () => {
    const paced = [unit('a', { duration: { value: 3, parameter: 'hour' } }), unit('b'), unit('c')];
    const times = dripReleaseTimes(paced, { enabled: true, value: 1, parameter: 'day', multiplier: 'unit', from: 'previous' }, start);
    expect(Object.fromEntries(times ?? [])).toEqual({ a: start, b: start + 3 * 3_600, c: start + 3 * 3_600 + 86_400 });
  });
  it('is off when disabled, when the value is 0, or when the unit is unknown', () => {
    expect(dripReleaseTimes(items, { enabled: false, value: 1, parameter: 'day' }, start)).toBeNull();
    expect(dripReleaseTimes(items, { enabled: true, value: 0, parameter: 'day' }, start)).toBeNull();
    expect(dripReleaseTimes(items, { enabled: true, value: 1, parameter: 'fortnight' }, start)).toBeNull();
    expect(dripReleaseTimes(items, undefined, start)).toBeNull();
  });
  it('locks a unit until its time with the reason and the opening time, then releases it as the clock moves', () => {
    const drip = { enabled: true, value: 1, parameter: 'minute', multiplier: 'unit', from: 'start' };
    const flat = [unit('a'), unit('b')];
    const before = courseState(flat, { ...stamped('a'), settings: { drip }, startAtSeconds: start, nowSeconds: start + 59 });
    expect(before.items.get('b')).toMatchObject({ locked: true, reason: 'drip', opens_at: start + 60 });
    expect(before.next).toBe('b');
    const after = courseState(flat, { ...stamped('a'), settings: { drip }, startAtSeconds: start, nowSeconds: start + 60 });
    expect(after.items.get('b')).toMatchObject({ locked: false, reason: null, opens_at: start + 60 });
  });
  it('reports unit lock before drip and never locks a completed unit', () => {
    const drip = { enabled: true, value: 1, parameter: 'hour', multiplier: 'unit', from: 'start' };
    const flat = [unit('a'), unit('b'), unit('c')];
    const state = courseState(flat, { ...stamped('c'), settings: { drip, unitLock: true }, startAtSeconds: start, nowSeconds: start });
    expect(state.items.get('a')).toMatchObject({ locked: false, reason: null });
    expect(state.items.get('b')).toMatchObject({ locked: true, reason: 'unit_lock' });
    expect(state.items.get('c')).toMatchObject({ complete: true, locked: false, completed_at: 1_700_000_000 });
    expect(state.next).toBe('a');
    expect(state.progress).toBe(33);
  });
});

describe('enrolment expiry', () => {
  const now = Date.UTC(2026, 0, 1);
  it('defaults to 8639136e5 ms without a course duration', () => {
    expect(DEFAULT_EXPIRY_MS).toBe(863_913_600_000);
    expect(enrolmentLengthMs(undefined)).toBe(863_913_600_000);
    expect(expiryAt(null, now).getTime()).toBe(now + 863_913_600_000);
    expect(enrolmentLengthMs({ value: 5 })).toBe(863_913_600_000);
  });
  it('is 999999 seconds when the duration has a parameter that is empty', () => {
    expect(enrolmentLengthMs({ value: 5, parameter: '' })).toBe(999_999_000);
    expect(expiryAt({ value: 5, parameter: '' }, now).getTime()).toBe(now + 999_999_000);
  });
  it('is value × the unit in seconds otherwise', () => {
    expect(enrolmentLengthMs({ value: 3, parameter: 'month' })).toBe(3 * 2_592_000_000);
    expect(enrolmentLengthMs({ value: '2', parameter: 'week' })).toBe(2 * 604_800_000);
    expect(expiryAt({ value: 10, parameter: 'minute' }, now).getTime()).toBe(now + 600_000);
  });
});
