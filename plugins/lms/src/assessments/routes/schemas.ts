import { Type, type Static, JsonObject, Nullable, NullableTimestamp, StringEnum, Timestamp, Uuid, type Wire, EmptyBody } from '@lectern/sdk';
import { Paging, paged } from '../../courses/schemas.js';
import { AnswerSchema, type QuestionDataByType } from '../question-schemas.js';
import { AssignmentSettingsSchema, QuizSettingsSchema } from '../settings.js';
export { EmptyBody };

/** A question's data: the shape its type gives it (see question-schemas). */
type QuestionData = QuestionDataByType[keyof QuestionDataByType];

/** TypeBox schemas shared by the assessment routes. */

export { Uuid, NullableTimestamp, Paging, paged };

/** Route params, each a uuid: `params('quizId', 'studentId')`. */
export function params<const N extends readonly string[]>(...names: N) {
  // Filled key by key just below; TypeBox reads the property types from this record's type.
  const properties = {} as Record<N[number], typeof Uuid>;
  // A loop over a generic tuple types its elements as string, not as the tuple's own names.
  for (const name of names) properties[name as N[number]] = Uuid;
  return Type.Object(properties, { additionalProperties: false });
}

/** The grading queue's filter: status 3 (awaiting evaluation) unless asked otherwise. */
const QUEUE_STATUS = 3;
export const QueueQuery = Type.Object(
  { status: Type.Optional(Type.Integer({ minimum: 1, maximum: 4, default: QUEUE_STATUS })), ...Paging },
  { additionalProperties: false },
);
/** The queue query with its defaults in place (Ajv's useDefaults has applied them already; TypeBox types them optional). */
export const queue = (query: Static<typeof QueueQuery>) => ({ ...paged(query), status: query.status ?? QUEUE_STATUS });

export const Deleted = Type.Object({ status: Type.Boolean(), deleted: Type.Optional(Type.Integer()) });

const authorQuestionProperties = {
  id: Uuid,
  type: Type.String(),
  prompt: Type.String(),
  marks: Type.Integer(),
  position: Type.Integer(),
  data: Type.Unsafe<QuestionData>({ type: 'object', additionalProperties: true }),
};
/** A question as its authors see it, answer included. */
export const AuthorQuestion = Type.Object(authorQuestionProperties);

export const QuestionResultSchema = Type.Object({
  awarded: Type.Integer(),
  max: Type.Integer(),
  outcome: StringEnum(['correct', 'partial', 'wrong', 'pending']),
});

/** A question of a submitted attempt: the author's view with the student's response and its result. */
export const GradedQuestion = Type.Object({
  ...authorQuestionProperties,
  response: Type.Optional(Type.Unknown()),
  result: Type.Union([QuestionResultSchema, Type.Null()]),
});

export type AuthorQuestionWire = Static<typeof AuthorQuestion>;
export type QuestionResultWire = Static<typeof QuestionResultSchema>;

/** A question as a student sees it: what to choose from, never which choice is right. */
const Texts = Type.Array(Type.String());
export const StudentQuestionSchema = Type.Object(
  {
    id: Type.String(),
    type: Type.String(),
    prompt: Type.String(),
    marks: Type.Integer(),
    position: Type.Integer(),
    options: Type.Optional(Texts),
    left: Type.Optional(Texts),
    right: Type.Optional(Texts),
    items: Type.Optional(Texts),
    max_words: Type.Optional(Type.Integer()),
  },
  { additionalProperties: false },
);

/** A student's view of one attempt: how it went, never the right answers. */
export const AttemptResultSchema = Type.Object({
  id: Type.String(),
  attempt: Type.Integer(),
  status: Type.Integer(),
  started_at: Timestamp,
  submitted_at: NullableTimestamp,
  deadline: NullableTimestamp,
  late: Type.Boolean(),
  marks: Nullable(Type.Integer()),
  total_marks: Nullable(Type.Integer()),
  percent: Nullable(Type.Integer()),
  passed: Nullable(Type.Boolean()),
  questions: Type.Array(
    Type.Object({ id: Type.String(), prompt: Nullable(Type.String()), awarded: Type.Integer(), max: Type.Integer(), outcome: Type.String() }),
  ),
});

export const OpenAttempt = Nullable(
  Type.Object({
    id: Type.String(),
    attempt: Type.Integer(),
    status: Type.Integer(),
    started_at: Timestamp,
    deadline: NullableTimestamp,
    expired: Type.Boolean(),
  }),
);

export const QuizView = Type.Object({
  id: Type.String(),
  course_id: Type.String(),
  title: Type.String(),
  settings: QuizSettingsSchema,
  question_count: Type.Integer(),
  total_marks: Type.Integer(),
  attempts_used: Type.Integer(),
  attempts_allowed: Type.Integer(),
  current: OpenAttempt,
  /** Only while an attempt is open, so the timer covers the reading too. */
  questions: Type.Array(StudentQuestionSchema),
  /** The student's own answers saved so far in the open attempt. */
  answers: JsonObject,
});

export const AnswersBody = Type.Object(
  { answers: Type.Unsafe<Record<string, unknown>>({ type: 'object', maxProperties: 1000, additionalProperties: AnswerSchema }) },
  { additionalProperties: false },
);

export const QuizResults = Type.Object({
  quiz_id: Type.String(),
  passing_mark: Type.Integer(),
  attempts_used: Type.Integer(),
  attempts_allowed: Type.Integer(),
  attempts: Type.Array(AttemptResultSchema),
});

/** Wire types for the student's quiz screens. */
export type QuizViewWire = Wire<Static<typeof QuizView>>;
export type QuizResultsWire = Wire<Static<typeof QuizResults>>;

export const TEXT_MAX = 100_000;

export const submissionFields = {
  id: Type.String(),
  assignment_id: Type.String(),
  student_id: Type.String(),
  status: Type.Integer(),
  marks: Nullable(Type.Integer()),
  content: Type.String(),
  file_path: Nullable(Type.String()),
  submitted_at: NullableTimestamp,
};
export const Submission = Type.Object({ ...submissionFields, course_id: Type.String() });
/** A submission in the grading queue: its assignment's title and the student's name, and course_id when the row has it. */
export const QueuedSubmission = Type.Object({
  ...submissionFields,
  course_id: Type.Optional(Type.String()),
  assignment_title: Type.String(),
  student_name: Type.String(),
});
export const SubmissionQueue = Type.Object({ submissions: Type.Array(QueuedSubmission), total: Type.Integer() });

export const AssignmentView = Type.Object({
  id: Type.String(),
  course_id: Type.String(),
  title: Type.String(),
  settings: AssignmentSettingsSchema,
  submission: Type.Union([Submission, Type.Null()]),
});
export const SubmissionBody = Type.Object(
  { content: Type.Optional(Type.String({ maxLength: TEXT_MAX })), file_path: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })) },
  { additionalProperties: false },
);
export const MarkBody = Type.Object({ marks: Type.Integer({ minimum: 0, maximum: 100_000 }) }, { additionalProperties: false });

/** Wire types for the assignment screens. */
export type SubmissionWire = Wire<Static<typeof Submission>>;
export type QueuedSubmissionWire = Wire<Static<typeof QueuedSubmission>>;
export type AssignmentViewWire = Wire<Static<typeof AssignmentView>>;

export const QueueEntry = Type.Object({
  id: Type.String(),
  quiz_id: Type.String(),
  quiz_title: Type.String(),
  student_id: Type.String(),
  student_name: Type.String({ description: "The student's name on this site ('' when they have none)" }),
  attempt: Type.Integer(),
  status: Type.Integer(),
  marks: Type.Integer(),
  submitted_at: NullableTimestamp,
});
export const QuizQueue = Type.Object({ submissions: Type.Array(QueueEntry), total: Type.Integer() });

export const SubmissionDetail = Type.Object({
  id: Type.String(),
  quiz_id: Type.String(),
  course_id: Type.String(),
  student_id: Type.String(),
  attempt: Type.Integer(),
  status: Type.Integer(),
  marks: Type.Integer(),
  late: Type.Boolean(),
  submitted_at: NullableTimestamp,
  questions: Type.Array(GradedQuestion),
});
export const EvaluateBody = Type.Object(
  { marks: Type.Unsafe<Record<string, number>>({ type: 'object', maxProperties: 1000, additionalProperties: { type: 'integer', minimum: 0, maximum: 1000 } }) },
  { additionalProperties: false },
);

/** Wire types for the grading screens. */
export type QuizQueueEntryWire = Wire<Static<typeof QueueEntry>>;
export type SubmissionDetailWire = Wire<Static<typeof SubmissionDetail>>;

export const QuizRow = Type.Object({
  id: Type.String(),
  title: Type.String(),
  course: Type.Object({ id: Type.String(), title: Type.String(), slug: Type.String(), status: Type.String() }),
  questions: Type.Integer(),
  settings: JsonObject,
});
export const QuizListQuery = Type.Object({ search: Type.Optional(Type.String({ maxLength: 200 })), ...Paging }, { additionalProperties: false });
export const QuizList = Type.Object({ items: Type.Array(QuizRow), total: Type.Integer() });
export type QuizRowWire = Static<typeof QuizRow>;
export type QuizListWire = Static<typeof QuizList>;

export const Assignee = Type.Object({ student_id: Type.String(), name: Type.String(), assigned_at: Type.String() });
export const Assignees = Type.Object({ assignees: Type.Array(Assignee) });
export const Done = Type.Object({ status: Type.Boolean() });

export const AssignedQuiz = Type.Object({
  quiz_id: Type.String(),
  title: Type.String(),
  course: Type.Object({ id: Type.String(), slug: Type.String(), title: Type.String() }),
  assigned_at: Type.String(),
  status: Nullable(Type.Integer(), { description: "The newest attempt's status (1–4), null before the first" }),
});
export const MyAssigned = Type.Object({ quizzes: Type.Array(AssignedQuiz) });

/** Wire types for the admin screens. */
export type AssigneeWire = Static<typeof Assignee>;
export type AssignedQuizWire = Static<typeof AssignedQuiz>;

/** Wire types of the shared pieces above, for the student's and instructors' screens. */
export type StudentQuestionWire = Static<typeof StudentQuestionSchema>;
export type AttemptResultWire = Wire<Static<typeof AttemptResultSchema>>;
export type GradedQuestionWire = Static<typeof GradedQuestion>;
