import { describe, expect, it } from 'vitest';
import { isAssessmentComplete } from './completion.js';
import { markQuestion } from './question-marking.js';
import { questionDataProblem } from './question-rules.js';
import type { Question } from './question-schemas.js';
import { toStudentQuestion } from './question-views.js';
import { submissionPath } from './submission-path.js';

const q = <T extends Question>(question: Omit<T, 'id' | 'position' | 'prompt'> & Partial<T>): T =>
  ({ id: 'q1', position: 0, prompt: 'Prompt', ...question }) as T;

describe('automatic marking', () => {
  it('marks single choice and true/false all or nothing', () => {
    const single = q({ type: 'single', marks: 2, data: { options: ['a', 'b', 'c'], correct: 1 } });
    expect(markQuestion(single, 1)).toEqual({ awarded: 2, max: 2, outcome: 'correct' });
    expect(markQuestion(single, 0)).toEqual({ awarded: 0, max: 2, outcome: 'wrong' });
    expect(markQuestion(single, 'b')).toMatchObject({ awarded: 0, outcome: 'wrong' });
    const tf = q({ type: 'truefalse', marks: 1, data: { correct: false } });
    expect(markQuestion(tf, false).outcome).toBe('correct');
    expect(markQuestion(tf, true).outcome).toBe('wrong');
    expect(markQuestion(tf, undefined).outcome).toBe('wrong');
  });

  it('gives multiple choice partial marks: right picks minus wrong picks over the right options, rounded down', () => {
    const multiple = q({ type: 'multiple', marks: 4, data: { options: ['a', 'b', 'c', 'd', 'e'], correct: [0, 2, 3] } });
    expect(markQuestion(multiple, [3, 0, 2])).toEqual({ awarded: 4, max: 4, outcome: 'correct' });
    // 2 of 3 right: 4 × 2/3 = 2.67 → 2.
    expect(markQuestion(multiple, [0, 2])).toEqual({ awarded: 2, max: 4, outcome: 'partial' });
    // 3 right, 1 wrong: 4 × 2/3 → 2; ticking everything is not a free pass.
    expect(markQuestion(multiple, [0, 1, 2, 3])).toEqual({ awarded: 2, max: 4, outcome: 'partial' });
    expect(markQuestion(multiple, [0, 1, 4])).toEqual({ awarded: 0, max: 4, outcome: 'wrong' });
    // Ticking all five: 3 right − 2 wrong = 1 of 3 → 1 mark of 4.
    expect(markQuestion(multiple, [0, 1, 2, 3, 4])).toEqual({ awarded: 1, max: 4, outcome: 'partial' });
    expect(markQuestion(multiple, 'nonsense')).toMatchObject({ awarded: 0, outcome: 'wrong' });
  });

  it('accepts any listed fill-in answer, ignoring spaces and, unless told otherwise, letter case', () => {
    const fill = q({ type: 'fill', marks: 3, data: { answers: ['Paris', 'Paname'] } });
    expect(markQuestion(fill, '  paris ').awarded).toBe(3);
    expect(markQuestion(fill, 'PANAME').awarded).toBe(3);
    expect(markQuestion(fill, 'Lyon').awarded).toBe(0);
    expect(markQuestion(fill, '').awarded).toBe(0);
    const strict = q({ type: 'fill', marks: 1, data: { answers: ['NaCl'], case_sensitive: true } });
    expect(markQuestion(strict, 'NaCl').outcome).toBe('correct');
    expect(markQuestion(strict, 'nacl').outcome).toBe('wrong');
    const numeric = q({ type: 'fill', marks: 1, data: { answers: ['42'] } });
    expect(markQuestion(numeric, 42).outcome).toBe('correct');
  });

  it('marks matching and ordering all or nothing', () => {
    const match = q({
      type: 'match',
      marks: 2,
      data: {
        pairs: [
          { left: 'France', right: 'Paris' },
          { left: 'Spain', right: 'Madrid' },
        ],
      },
    });
    expect(markQuestion(match, ['Paris', 'Madrid']).awarded).toBe(2);
    expect(markQuestion(match, ['Madrid', 'Paris']).awarded).toBe(0);
    expect(markQuestion(match, ['Paris']).awarded).toBe(0);
    const order = q({ type: 'order', marks: 5, data: { items: ['one', 'two', 'three'] } });
    expect(markQuestion(order, ['one', 'two', 'three']).outcome).toBe('correct');
    expect(markQuestion(order, ['two', 'one', 'three']).outcome).toBe('wrong');
  });

  it('never marks an essay by itself', () => {
    expect(markQuestion(q({ type: 'essay', marks: 10, data: {} }), 'A long answer')).toEqual({ awarded: 0, max: 10, outcome: 'pending' });
  });
});

describe('question rules and views', () => {
  it('refuses indexes outside the options and duplicate texts students answer with', () => {
    expect(questionDataProblem({ type: 'single', data: { options: ['a', 'b'], correct: 2 } })).toMatch(/correct/);
    expect(questionDataProblem({ type: 'multiple', data: { options: ['a', 'b'], correct: [0, 5] } })).toMatch(/correct/);
    expect(questionDataProblem({ type: 'order', data: { items: ['a', 'a'] } })).toMatch(/different/);
    expect(
      questionDataProblem({
        type: 'match',
        data: {
          pairs: [
            { left: 'x', right: 'y' },
            { left: 'z', right: 'y' },
          ],
        },
      }),
    ).toMatch(/right/);
    expect(questionDataProblem({ type: 'single', data: { options: ['a', 'b'], correct: 1 } })).toBeNull();
  });

  it('shows students the choices but never the answer', () => {
    const order = toStudentQuestion(q({ type: 'order', marks: 1, data: { items: ['zebra', 'apple', 'mango'] } }));
    expect(order.items).toEqual(['apple', 'mango', 'zebra']);
    const single = toStudentQuestion(q({ type: 'single', marks: 1, data: { options: ['a', 'b'], correct: 1 } }));
    expect(single).not.toHaveProperty('data');
    expect(JSON.stringify(single)).not.toContain('correct');
    const fill = toStudentQuestion(q({ type: 'fill', marks: 1, data: { answers: ['secret-word'] } }));
    expect(JSON.stringify(fill)).not.toContain('secret-word');
    const match = toStudentQuestion(
      q({
        type: 'match',
        marks: 1,
        data: {
          pairs: [
            { left: 'b', right: 'z' },
            { left: 'a', right: 'y' },
          ],
        },
      }),
    );
    expect(match).toMatchObject({ left: ['b', 'a'], right: ['y', 'z'] });
  });
});

describe('completion thresholds (SPEC §4)', () => {
  it('counts a quiz at status 3 or more and an assignment only once it also has marks', () => {
    expect(isAssessmentComplete('quiz', null)).toBe(false);
    expect(isAssessmentComplete('quiz', { status: 1, marks: 0 })).toBe(false);
    expect(isAssessmentComplete('quiz', { status: 2, marks: 0 })).toBe(false);
    expect(isAssessmentComplete('quiz', { status: 3, marks: 0 })).toBe(true);
    expect(isAssessmentComplete('quiz', { status: 4, marks: 7 })).toBe(true);
    expect(isAssessmentComplete('assignment', { status: 3, marks: null })).toBe(false);
    expect(isAssessmentComplete('assignment', { status: 3, marks: 0 })).toBe(true);
    expect(isAssessmentComplete('assignment', { status: 4, marks: 80 })).toBe(true);
    expect(isAssessmentComplete('assignment', { status: 2, marks: 80 })).toBe(false);
  });
});

describe('assignment file paths', () => {
  const assignment = '0a0b0c0d-0000-4000-8000-000000000001';
  const me = '0a0b0c0d-0000-4000-8000-0000000000aa';
  const other = '0a0b0c0d-0000-4000-8000-0000000000bb';
  const own = `texts/assignments/${assignment}_${me}.txt`;

  it("takes only the student's own file for the assignment, with or without the bucket", () => {
    expect(submissionPath(`assignments/${assignment}_${me}.txt`, assignment, me)).toEqual({ ok: true, path: own });
    expect(submissionPath(` ${own} `, assignment, me)).toEqual({ ok: true, path: own });
  });

  it("refuses another student's file, another assignment's and the shared SPEC path as not the student's own", () => {
    expect(submissionPath(`assignments/${assignment}_${other}.txt`, assignment, me)).toEqual({ ok: false, reason: 'not_own' });
    expect(submissionPath(`texts/assignments/${other}_${me}.txt`, assignment, me)).toEqual({ ok: false, reason: 'not_own' });
    expect(submissionPath(`assignments/${assignment}.txt`, assignment, me)).toEqual({ ok: false, reason: 'not_own' });
    expect(submissionPath('texts/essays/me/draft.pdf', assignment, me)).toEqual({ ok: false, reason: 'not_own' });
  });

  it('calls anything outside the texts bucket malformed', () => {
    for (const path of ['texts/../avatars/x.jpg', 'avatars/u/avatar.jpg', '/etc/passwd', 'assignments/../x.txt', 'texts/.hidden']) {
      expect(submissionPath(path, assignment, me)).toEqual({ ok: false, reason: 'malformed' });
    }
  });
});
