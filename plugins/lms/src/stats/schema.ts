import { Type, type Static, Nullable, Uuid } from '@lectern/sdk';

/** TypeBox schemas of the course statistics route. */

export const StatsParams = Type.Object({ id: Uuid }, { additionalProperties: false });

const count = (options: { description?: string } = {}) => Type.Integer({ minimum: 0, ...options });

export const CourseStatsSchema = Type.Object({
  course_id: Uuid,
  students: count({ description: 'Students enrolled now' }),
  by_status: Type.Array(Type.Object({ status: Type.Integer({ minimum: 1, maximum: 4 }), count: count() }), {
    description: 'Students per course status, 1 enrolled · 2 started · 3 submitted for evaluation · 4 evaluated; always the four rows',
  }),
  average_progress: Type.Integer({ minimum: 0, maximum: 100, description: 'Mean progress percent over the students (0 without students)' }),
  completion_rate: Type.Integer({ minimum: 0, maximum: 100, description: 'Percent of the students who finished the course (status 3 or 4)' }),
  enrolments: Type.Array(Type.Object({ date: Type.String({ format: 'date' }), count: count() }), {
    description: 'Enrolments per UTC day over the last 30 days, oldest first, days without enrolments included',
  }),
  quizzes: Type.Array(Type.Object({ id: Uuid, title: Type.String(), attempts: count(), average_marks: Nullable(Type.Number()) }), {
    description: "The course's quizzes in curriculum order with the mean marks of their evaluated attempts (null: none yet)",
  }),
});

/** A course's statistics as the route sends them (the store builds exactly this). */
export type CourseStatsWire = Static<typeof CourseStatsSchema>;
