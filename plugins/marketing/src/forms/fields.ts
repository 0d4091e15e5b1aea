import { Type, type Static } from '@lectern/sdk';
import { FIELD_TYPES, FILE_KINDS, FILE_MB, type FormField as FieldShape } from './rules.js';

export * from './rules.js';

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });

/**
 * One field and its rules. `key` names the answer (in submissions and their CSV); the rules that
 * apply depend on the type: lengths for text, bounds for numbers and dates, options for choices.
 * A checkbox with options is a multiple choice; without, a single yes/no box.
 */
export const FormField = Type.Object(
  {
    key: Type.String({ pattern: '^[a-z][a-z0-9_]{0,39}$', description: 'Lower-case letters, digits and _, starting with a letter' }),
    type: Type.Union(FIELD_TYPES.map((type) => Type.Literal(type))),
    label: Type.String({ minLength: 1, maxLength: 300 }),
    help: Type.Optional(Type.String({ maxLength: 500 })),
    placeholder: Type.Optional(Type.String({ maxLength: 200 })),
    required: Type.Optional(Type.Boolean()),
    min_length: Type.Optional(Type.Integer({ minimum: 0, maximum: 5000 })),
    max_length: Type.Optional(Type.Integer({ minimum: 1, maximum: 5000 })),
    min: Type.Optional(Type.Number()),
    max: Type.Optional(Type.Number()),
    integer: Type.Optional(Type.Boolean({ description: 'number: whole numbers only' })),
    options: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 100 })),
    min_date: Type.Optional(Day),
    max_date: Type.Optional(Day),
    accept: Type.Optional(
      Type.Union(
        FILE_KINDS.map((kind) => Type.Literal(kind)),
        { description: 'file: images, documents or any (default)' },
      ),
    ),
    max_mb: Type.Optional(Type.Integer({ minimum: 1, maximum: FILE_MB.max, description: `file: the size limit in MB (default ${FILE_MB.default})` })),
  },
  { additionalProperties: false },
);
export type FormField = Static<typeof FormField>;

// The schema and the rules' own shape (rules.ts, shared with the browser) must stay the same type.
const sameShape: [FormField, FieldShape] extends [FieldShape, FormField] ? true : never = true;
void sameShape;

export const FormFields = Type.Array(FormField, { minItems: 1, maxItems: 50 });
