/** react-query keys of the student's screens: all under 'lms', so one invalidation refreshes a course. */
export const studentKeys = {
  all: ['lms'] as const,
  myCourses: (offset: number) => ['lms', 'my-courses', offset] as const,
  player: (course: string) => ['lms', 'player', course] as const,
  /** Outside the player's key: a unit's document does not change when progress does. */
  item: (course: string, item: string) => ['lms', 'item', course, item] as const,
  review: (course: string) => ['lms', 'review', course] as const,
  quiz: (quizId: string) => ['lms', 'quiz', quizId] as const,
  quizResults: (quizId: string) => ['lms', 'quiz', quizId, 'results'] as const,
  assignment: (id: string) => ['lms', 'assignment', id] as const,
};

export const LMS_API = '/api/lms';
export const playerPath = (course: string) => `${LMS_API}/player/${encodeURIComponent(course)}`;
