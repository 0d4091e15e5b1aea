import { Type } from '@lectern/sdk';
import type { QuestionType } from '../db/tables.js';

/**
 * The question bank's `data` shapes, one per question type, as JSON schemas (the routes validate
 * with them) and as types (the marking code reads them). What a student answers with is listed
 * beside each type: answers of another shape never crash, they simply score nothing.
 *
 * | type      | data (author's view, holds the answer)                  | student answer                  |
 * |-----------|---------------------------------------------------------|---------------------------------|
 * | single    | {options: string[2..20], correct: index}                | index                           |
 * | multiple  | {options: string[2..20], correct: index[1..]}           | index[]                         |
 * | truefalse | {correct: boolean}                                      | boolean                         |
 * | fill      | {answers: string[1..20], case_sensitive?: boolean}       | string                          |
 * | match     | {pairs: {left, right}[2..20]} (lefts and rights unique) | string[]: the right for each left, in left order |
 * | order     | {items: string[2..20]} in the correct order (unique)    | string[]: the items in the student's order |
 * | essay     | {max_words?: integer}                                   | string (marked by an instructor) |
 */
export const QUESTION_TYPES: readonly QuestionType[] = ['single', 'multiple', 'truefalse', 'fill', 'match', 'order', 'essay'];

export interface SingleData {
  options: string[];
  correct: number;
}
export interface MultipleData {
  options: string[];
  correct: number[];
}
export interface TrueFalseData {
  correct: boolean;
}
export interface FillData {
  answers: string[];
  case_sensitive?: boolean;
}
export interface MatchData {
  pairs: Array<{ left: string; right: string }>;
}
export interface OrderData {
  items: string[];
}
export interface EssayData {
  max_words?: number;
}

export interface QuestionDataByType {
  single: SingleData;
  multiple: MultipleData;
  truefalse: TrueFalseData;
  fill: FillData;
  match: MatchData;
  order: OrderData;
  essay: EssayData;
}

/** A question as the marking and view code sees it: its type decides the shape of `data`. */
export type Question = {
  [K in QuestionType]: { id: string; type: K; prompt: string; marks: number; position: number; data: QuestionDataByType[K] };
}[QuestionType];

const Text = { type: 'string', minLength: 1, maxLength: 1000, pattern: '\\S' } as const;
const Options = { type: 'array', minItems: 2, maxItems: 20, items: Text } as const;
const Index = { type: 'integer', minimum: 0, maximum: 19 } as const;

export const QuestionDataSchemas = {
  single: { type: 'object', required: ['options', 'correct'], additionalProperties: false, properties: { options: Options, correct: Index } },
  multiple: {
    type: 'object',
    required: ['options', 'correct'],
    additionalProperties: false,
    properties: { options: Options, correct: { type: 'array', minItems: 1, maxItems: 20, uniqueItems: true, items: Index } },
  },
  truefalse: { type: 'object', required: ['correct'], additionalProperties: false, properties: { correct: { type: 'boolean' } } },
  fill: {
    type: 'object',
    required: ['answers'],
    additionalProperties: false,
    properties: { answers: { type: 'array', minItems: 1, maxItems: 20, items: Text }, case_sensitive: { type: 'boolean' } },
  },
  match: {
    type: 'object',
    required: ['pairs'],
    additionalProperties: false,
    properties: {
      pairs: {
        type: 'array',
        minItems: 2,
        maxItems: 20,
        items: { type: 'object', required: ['left', 'right'], additionalProperties: false, properties: { left: Text, right: Text } },
      },
    },
  },
  order: { type: 'object', required: ['items'], additionalProperties: false, properties: { items: { ...Options, uniqueItems: true } } },
  essay: { type: 'object', additionalProperties: false, properties: { max_words: { type: 'integer', minimum: 1, maximum: 100_000 } } },
} as const satisfies Record<QuestionType, object>;

const Prompt = { type: 'string', minLength: 1, maxLength: 10_000, pattern: '\\S' } as const;
const Marks = { type: 'integer', minimum: 0, maximum: 1000 } as const;

/**
 * A question's body: `type` picks which `data` schema applies (if/then rather than oneOf, so a
 * failing branch never coerces the data another branch then sees). `full` requires every field
 * (create); an update may leave fields out but must name the type whenever it sends data.
 * TypeBox has no if/then builder, so the JSON schema is written out and given its static type.
 */
function questionBody(full: boolean) {
  return {
    type: 'object',
    required: full ? ['type', 'prompt', 'data'] : [],
    additionalProperties: false,
    properties: { type: { type: 'string', enum: [...QUESTION_TYPES] }, prompt: Prompt, data: { type: 'object' }, marks: Marks },
    ...(full ? {} : { dependencies: { data: ['type'] } }),
    allOf: QUESTION_TYPES.map((type) => ({
      if: { required: ['type'], properties: { type: { const: type } } },
      then: { properties: { data: QuestionDataSchemas[type] } },
    })),
  };
}

/** A question as its create body sends it (the data's shape is checked per type by the schema). */
export interface QuestionInput {
  type: Question['type'];
  prompt: string;
  data: Record<string, unknown>;
  marks?: number;
}
export const QuestionCreateBody = Type.Unsafe<QuestionInput>(questionBody(true));
export const QuestionUpdateBody = Type.Unsafe<Partial<QuestionInput>>(questionBody(false));

/**
 * What a student may answer a question with: any JSON value (see the table above); the marking
 * decides. Deliberately typeless: the request validator coerces types, and in an anyOf it would turn
 * a true/false answer into 1 or a number into a boolean before the right branch is reached.
 */
export const AnswerSchema = { description: 'index, index[], boolean, text or text[] depending on the question type' } as const;
