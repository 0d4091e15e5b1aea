import { sql, type Selectable } from '@lectern/sdk';
import type { LmsDb, QuestionsTable } from '../db/tables.js';
import type { Question, QuestionInput } from './question-schemas.js';

const COLUMNS = ['id', 'type', 'prompt', 'marks', 'position', 'data'] as const;

/** Rows are written through validated routes, so `data` matches the row's type. */
const toQuestion = (row: Pick<Selectable<QuestionsTable>, (typeof COLUMNS)[number]>): Question => ({ ...row, data: row.data ?? {} }) as Question;

/** A quiz's questions in their order. */
export async function listQuestions(db: LmsDb, accountId: string, quizId: string): Promise<Question[]> {
  const rows = await db
    .selectFrom('lms_questions')
    .select(COLUMNS)
    .where('account_id', '=', accountId)
    .where('quiz_id', '=', quizId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map(toQuestion);
}

export async function findQuestion(db: LmsDb, accountId: string, quizId: string, id: string): Promise<Question | null> {
  const row = await db
    .selectFrom('lms_questions')
    .select(COLUMNS)
    .where('account_id', '=', accountId)
    .where('quiz_id', '=', quizId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row === undefined ? null : toQuestion(row);
}

export type { QuestionInput };

/** Appends a question at the end of the quiz. */
export async function insertQuestion(db: LmsDb, accountId: string, quizId: string, input: QuestionInput): Promise<string> {
  const last = await db
    .selectFrom('lms_questions')
    .select(sql<number | null>`max(position)`.as('last'))
    .where('account_id', '=', accountId)
    .where('quiz_id', '=', quizId)
    .executeTakeFirst();
  const position = (last?.last ?? -1) + 1;
  const row = await db
    .insertInto('lms_questions')
    .values({
      account_id: accountId,
      quiz_id: quizId,
      position,
      type: input.type,
      prompt: input.prompt,
      data: JSON.stringify(input.data),
      ...(input.marks === undefined ? {} : { marks: input.marks }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateQuestion(db: LmsDb, accountId: string, id: string, input: QuestionInput & { marks: number }): Promise<void> {
  await db
    .updateTable('lms_questions')
    .set({ type: input.type, prompt: input.prompt, data: JSON.stringify(input.data), marks: input.marks })
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .execute();
}

export async function deleteQuestion(db: LmsDb, accountId: string, quizId: string, id: string): Promise<boolean> {
  const rows = await db
    .deleteFrom('lms_questions')
    .where('account_id', '=', accountId)
    .where('quiz_id', '=', quizId)
    .where('id', '=', id)
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** Positions 0…n−1 in the given order (the caller checked it names every question once). */
export async function reorderQuestions(db: LmsDb, accountId: string, quizId: string, ids: string[]): Promise<void> {
  for (const [position, id] of ids.entries()) {
    await db.updateTable('lms_questions').set({ position }).where('account_id', '=', accountId).where('quiz_id', '=', quizId).where('id', '=', id).execute();
  }
}
