import { Type } from '@lectern/sdk';
import { ListIds, Tags } from '../contacts/schemas.js';
import { FILE_MB, FormField, FormFields, MAX_FILE_FIELDS } from './fields.js';

export const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) }, { additionalProperties: false });
export const SubmissionParams = Type.Object(
  { id: Type.String({ format: 'uuid' }), submission: Type.String({ format: 'uuid' }) },
  { additionalProperties: false },
);

const Status = Type.Union([Type.Literal('draft'), Type.Literal('published')], { description: 'Only published forms take submissions' });

/** A path on the site (/thanks) or an https address; nothing that runs script. */
const RedirectUrl = Type.Union([Type.String({ pattern: '^(/(?!/)[^\\s]*|https://[^\\s]+)$', maxLength: 500 }), Type.Null()]);

export const FormSettingsSchema = Type.Object(
  {
    list_ids: ListIds,
    tags: Tags,
    success_message: Type.String({ maxLength: 500 }),
    redirect_url: RedirectUrl,
    submit_label: Type.String({ maxLength: 60 }),
    profanity_check: Type.Boolean({ description: 'Refuse text answers holding words of the profanity list (SPEC §5)' }),
  },
  { additionalProperties: false },
);

export const NewForm = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    status: Type.Optional(Status),
    fields: FormFields,
    settings: Type.Optional(Type.Partial(FormSettingsSchema)),
  },
  { additionalProperties: false },
);

export const FormChanges = Type.Partial(
  Type.Object({ name: Type.String({ minLength: 1, maxLength: 120 }), status: Status, fields: FormFields, settings: Type.Partial(FormSettingsSchema) }),
  { additionalProperties: false, minProperties: 1 },
);

export const Form = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  status: Status,
  fields: Type.Array(FormField),
  settings: FormSettingsSchema,
  submissions: Type.Integer({ description: 'Submissions kept' }),
  last_submission_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});

export const FormList = Type.Object({ items: Type.Array(Form) });

/** What the site needs to draw a published form: no lists, tags or counts. */
export const PublicForm = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  fields: Type.Array(FormField),
  submit_label: Type.String(),
});

/** A file field's answer as the site sends it: the file's name, its type and its bytes (base64). */
const FileUpload = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 300 }),
    type: Type.String({ maxLength: 100 }),
    data: Type.String({ maxLength: Math.ceil((FILE_MB.max * 1024 * 1024) / 3) * 4, description: 'The bytes, base64' }),
  },
  { additionalProperties: false },
);

const AnswerValue = Type.Union([
  Type.String({ maxLength: 5000 }),
  Type.Number(),
  Type.Boolean(),
  Type.Null(),
  Type.Array(Type.String({ maxLength: 200 }), { maxItems: 100 }),
  FileUpload,
]);

/** The most a submission's body may hold: its text answers and up to MAX_FILE_FIELDS files of the largest size, in base64. */
export const SUBMISSION_BODY_LIMIT = 1024 * 1024 + MAX_FILE_FIELDS * Math.ceil((FILE_MB.max * 1024 * 1024) / 3) * 4;

export const SubmissionBody = Type.Object(
  {
    answers: Type.Record(Type.String({ pattern: '^[a-z][a-z0-9_]{0,39}$' }), AnswerValue, { maxProperties: 50 }),
    /** The trap field people never see (hidden from view and from screen readers); bots fill it in. */
    website: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);

export const SubmissionAccepted = Type.Object({
  message: Type.String({ description: 'What to show the visitor (empty: the site says its own thanks)' }),
  redirect_url: Type.Union([Type.String(), Type.Null()]),
});

/** A file answer as kept: where the site stored it (its managers download it from /storage/v1/object/authenticated/{path}). */
const StoredFile = Type.Object({ name: Type.String(), type: Type.String(), size: Type.Integer(), path: Type.String() });
const StoredAnswer = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Array(Type.String()), StoredFile]);

export const Submission = Type.Object({
  id: Type.String({ format: 'uuid' }),
  answers: Type.Record(Type.String(), StoredAnswer),
  email: Type.Union([Type.String(), Type.Null()]),
  contact_id: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
  user_id: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
});

export const SubmissionQuery = Type.Object(
  {
    search: Type.Optional(Type.String({ maxLength: 200, description: 'Part of any answer' })),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
    offset: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
  },
  { additionalProperties: false },
);

export const SubmissionPage = Type.Object({ items: Type.Array(Submission), total: Type.Integer() });
