import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { checkAnswer, checkAnswers, fieldsProblems, RULE_MESSAGES, type AnswerChecks, type FormField } from './fields.js';

const checks: AnswerChecks = {
  normalEmail: (address) =>
    /^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(address) ? address.replace(/@(.*)$/, (_, domain: string) => `@${domain.toLowerCase()}`) : null,
};
const field = (input: Partial<FormField> & Pick<FormField, 'type'>): FormField => ({ key: 'answer', label: 'Answer', ...input });
const codeOf = (f: FormField, raw: unknown, with_ = checks) => checkAnswer(f, raw, with_).problem?.code ?? null;

describe('form field rules', () => {
  it('required: an empty, blank or missing answer is refused; an empty optional one stores nothing', () => {
    const required = field({ type: 'text', required: true });
    for (const raw of [undefined, null, '', '   ', []]) expect(codeOf(required, raw)).toBe('required');
    expect(checkAnswer(field({ type: 'text' }), '  ', checks)).toEqual({});
    expect(checkAnswer(field({ type: 'number' }), undefined, checks)).toEqual({});
  });

  it('text: trimmed, within its lengths (counted in characters), default 300 for a line and 5,000 for a paragraph', () => {
    const f = field({ type: 'text', min_length: 3, max_length: 5 });
    expect(checkAnswer(f, '  abc ', checks)).toEqual({ value: 'abc' });
    expect(checkAnswer(f, 'ab', checks).problem).toEqual({ code: 'too_short', message: 'Use at least 3 characters', params: { min: 3 } });
    expect(checkAnswer(f, 'abcdef', checks).problem).toMatchObject({ code: 'too_long', message: 'Use at most 5 characters' });
    expect(codeOf(f, 'ééééé')).toBeNull();
    expect(codeOf(field({ type: 'text' }), 'x'.repeat(301))).toBe('too_long');
    expect(codeOf(field({ type: 'textarea' }), 'x'.repeat(5000))).toBeNull();
    expect(codeOf(field({ type: 'textarea' }), 'x'.repeat(5001))).toBe('too_long');
    expect(codeOf(f, 42)).toBe('required');
  });

  it('profanity: refused only where the owner asks for the check', () => {
    const f = field({ type: 'textarea' });
    const strict = { ...checks, profane: (text: string) => /\bdamn\b/i.test(text) };
    expect(codeOf(f, 'Damn good course', strict)).toBe('profanity');
    expect(codeOf(f, 'Damn good course')).toBeNull();
  });

  it('email: SPEC §5’s format, stored as mail goes to it', () => {
    const f = field({ type: 'email' });
    expect(checkAnswer(f, ' Ada@School.ORG ', checks)).toEqual({ value: 'Ada@school.org' });
    for (const wrong of ['ada', 'ada@school', 'ada@school.c', 'a b@school.org']) expect(codeOf(f, wrong)).toBe('email');
  });

  it('phone: digits and the usual separators, 6 to 20 digits', () => {
    const f = field({ type: 'phone' });
    for (const good of ['+44 20 7946 0958', '(555) 010-9999', '030.1234567']) expect(codeOf(f, good)).toBeNull();
    for (const wrong of ['12345', 'call me', '+1 555 CALL NOW', '1'.repeat(21)]) expect(codeOf(f, wrong)).toBe('phone');
  });

  it('number: a number within its bounds, whole where asked; text numbers are read', () => {
    const f = field({ type: 'number', min: 1, max: 10, integer: true });
    expect(checkAnswer(f, '7', checks)).toEqual({ value: 7 });
    expect(checkAnswer(f, 10, checks)).toEqual({ value: 10 });
    expect(checkAnswer(f, 0, checks).problem).toMatchObject({ code: 'too_small', message: 'Enter 1 or more' });
    expect(checkAnswer(f, 11, checks).problem).toMatchObject({ code: 'too_large', message: 'Enter 10 or less' });
    expect(codeOf(f, 2.5)).toBe('integer');
    expect(codeOf(f, 'seven')).toBe('number');
    expect(codeOf(field({ type: 'number' }), 2.5)).toBeNull();
  });

  it('date: a real calendar day within its bounds', () => {
    const f = field({ type: 'date', min_date: '2026-01-01', max_date: '2026-12-31' });
    expect(checkAnswer(f, '2026-02-28', checks)).toEqual({ value: '2026-02-28' });
    expect(codeOf(f, '2026-02-30')).toBe('date');
    expect(codeOf(f, '28/02/2026')).toBe('date');
    expect(checkAnswer(f, '2025-12-31', checks).problem).toMatchObject({ code: 'too_early', message: 'Choose 2026-01-01 or later' });
    expect(codeOf(f, '2027-01-01')).toBe('too_late');
  });

  it('select and radio: one of the options, nothing else', () => {
    for (const type of ['select', 'radio'] as const) {
      const f = field({ type, options: ['Beginner', 'Advanced'] });
      expect(checkAnswer(f, 'Advanced', checks)).toEqual({ value: 'Advanced' });
      expect(codeOf(f, 'Expert')).toBe('option');
      expect(codeOf(f, ['Beginner'])).toBe('option');
    }
  });

  it('checkbox: a yes/no box, or a multiple choice among its options', () => {
    const box = field({ type: 'checkbox', required: true });
    expect(checkAnswer(box, true, checks)).toEqual({ value: true });
    expect(codeOf(box, false)).toBe('required');
    expect(checkAnswer(field({ type: 'checkbox' }), false, checks)).toEqual({ value: false });
    const multiple = field({ type: 'checkbox', options: ['Video', 'Text', 'Live'] });
    expect(checkAnswer(multiple, ['Video', 'Live', 'Video'], checks)).toEqual({ value: ['Video', 'Live'] });
    expect(checkAnswer(multiple, 'Text', checks)).toEqual({ value: ['Text'] });
    expect(codeOf(multiple, ['Video', 'Podcast'])).toBe('option');
  });

  it('consent: a required one must be ticked; an optional one records the answer', () => {
    expect(checkAnswer(field({ type: 'consent', required: true }), 'on', checks)).toEqual({ value: true });
    expect(checkAnswer(field({ type: 'consent', required: true }), undefined, checks).problem).toMatchObject({
      code: 'consent',
      message: 'Tick the box to go on',
    });
    expect(checkAnswer(field({ type: 'consent' }), undefined, checks)).toEqual({ value: false });
  });

  it('checks every field at once and keeps only the form’s own answers', () => {
    const fields: FormField[] = [
      { key: 'name', type: 'text', label: 'Name', required: true },
      { key: 'email', type: 'email', label: 'E-mail', required: true },
      { key: 'level', type: 'select', label: 'Level', options: ['a', 'b'] },
    ];
    const { values, problems } = checkAnswers(fields, { name: 'Ada', email: 'nope', level: 'a', extra: 'ignored' }, checks);
    expect(values).toEqual({ name: 'Ada', level: 'a' });
    expect(Object.keys(problems)).toEqual(['email']);
  });
});

describe('file fields', () => {
  const b64 = (text: string) => Buffer.from(text).toString('base64');

  it('take a named file of an allowed type within the size limit, keeping a clean name and the bytes to store', () => {
    const f = field({ type: 'file', accept: 'documents', max_mb: 1 });
    expect(checkAnswer(f, { name: 'C:\\fakepath\\my cv?.pdf', type: 'application/pdf', data: b64('%PDF-1.4') }, checks)).toEqual({
      value: { name: 'my cv_.pdf', type: 'application/pdf', size: 8, data: b64('%PDF-1.4') },
    });
    expect(checkAnswer(f, { name: 'photo.png', type: 'image/png', data: b64('x') }, checks).problem).toMatchObject({
      code: 'file_type',
      params: { types: 'pdf, doc, docx, xls, xlsx, ppt, pptx, csv, txt' },
    });
    expect(codeOf(field({ type: 'file', accept: 'images' }), { name: 'scan.PNG', type: 'image/png', data: b64('x') })).toBeNull();
    expect(codeOf(field({ type: 'file' }), { name: 'no-extension', type: '', data: b64('x') })).toBe('file_type');
  });

  it('refuse a file over the limit (default 5 MB), bytes that are not base64, and a missing file when required', () => {
    const big = Buffer.alloc(1024 * 1024 + 1).toString('base64');
    expect(checkAnswer(field({ type: 'file', max_mb: 1 }), { name: 'a.pdf', type: '', data: big }, checks).problem).toMatchObject({
      code: 'file_too_large',
      message: 'Choose a file of 1 MB or less',
    });
    expect(codeOf(field({ type: 'file' }), { name: 'a.pdf', type: '', data: Buffer.alloc(5 * 1024 * 1024).toString('base64') })).toBeNull();
    expect(codeOf(field({ type: 'file' }), { name: 'a.pdf', type: '', data: 'not base64!' })).toBe('file_unreadable');
    expect(codeOf(field({ type: 'file' }), 'a.pdf')).toBe('file_unreadable');
    expect(codeOf(field({ type: 'file', required: true }), undefined)).toBe('required');
    expect(checkAnswer(field({ type: 'file' }), undefined, checks)).toEqual({});
  });

  it('are at most two a form', () => {
    const file = (key: string): FormField => ({ key, type: 'file', label: key });
    expect(fieldsProblems([file('a'), file('b')])).toEqual([]);
    expect(fieldsProblems([file('a'), file('b'), file('c')])).toEqual(['fields/2/type a form holds at most 2 file fields']);
  });
});

describe('a form as the owner builds it', () => {
  it('names repeated keys, choices without options and bounds the wrong way round (the first problem of each field)', () => {
    expect(
      fieldsProblems([
        { key: 'a', type: 'text', label: 'A', min_length: 5, max_length: 2 },
        { key: 'a', type: 'select', label: 'B' },
        { key: 'c', type: 'radio', label: 'C', options: ['x', 'x'] },
        { key: 'd', type: 'number', label: 'D', min: 3, max: 1 },
        { key: 'e', type: 'date', label: 'E', min_date: '2026-02-01', max_date: '2026-01-01' },
      ]),
    ).toEqual([
      'fields/0/min_length is above max_length',
      'fields/1/key "a" is used by another field',
      'fields/2/options repeat an option',
      'fields/3/min is above max',
      'fields/4/min_date is after max_date',
    ]);
    expect(fieldsProblems([{ key: 'b', type: 'select', label: 'B' }])).toEqual(['fields/0/options a choice needs options']);
    expect(fieldsProblems([{ key: 'email', type: 'email', label: 'E-mail', required: true }])).toEqual([]);
  });
});

describe('rule messages on the site', () => {
  it('has each rule’s message in the site catalogue, saying the same values as the API’s English', () => {
    const site = JSON.parse(readFileSync(new URL('../../locales/en/site.json', import.meta.url), 'utf8')) as { rule: Record<string, string> };
    expect(Object.keys(site.rule).sort()).toEqual(Object.keys(RULE_MESSAGES).sort());
    for (const [code, english] of Object.entries(RULE_MESSAGES)) expect(site.rule[code]).toBe(english.replace(/\{(\w+)\}/g, '{{$1}}'));
  });
});
