/** JSON schemas of the course statistics route. */

export const StatsParams = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'string', format: 'uuid' } },
} as const;

const Count = { type: 'integer', minimum: 0 } as const;

export const CourseStatsSchema = {
  type: 'object',
  required: ['course_id', 'students', 'by_status', 'average_progress', 'completion_rate', 'enrolments', 'quizzes'],
  properties: {
    course_id: { type: 'string', format: 'uuid' },
    students: { ...Count, description: 'Students enrolled now' },
    by_status: {
      type: 'array',
      description: 'Students per course status, 1 enrolled · 2 started · 3 submitted for evaluation · 4 evaluated; always the four rows',
      items: { type: 'object', required: ['status', 'count'], properties: { status: { type: 'integer', minimum: 1, maximum: 4 }, count: Count } },
    },
    average_progress: { type: 'integer', minimum: 0, maximum: 100, description: 'Mean progress percent over the students (0 without students)' },
    completion_rate: { type: 'integer', minimum: 0, maximum: 100, description: 'Percent of the students who finished the course (status 3 or 4)' },
    enrolments: {
      type: 'array',
      description: 'Enrolments per UTC day over the last 30 days, oldest first, days without enrolments included',
      items: { type: 'object', required: ['date', 'count'], properties: { date: { type: 'string', format: 'date' }, count: Count } },
    },
    quizzes: {
      type: 'array',
      description: "The course's quizzes in curriculum order with the mean marks of their evaluated attempts (null: none yet)",
      items: {
        type: 'object',
        required: ['id', 'title', 'attempts', 'average_marks'],
        properties: { id: { type: 'string', format: 'uuid' }, title: { type: 'string' }, attempts: Count, average_marks: { type: ['number', 'null'] } },
      },
    },
  },
} as const;
