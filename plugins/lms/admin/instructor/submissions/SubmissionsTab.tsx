import { Stack } from '@lectern/admin/kit';
import { AssignmentQueue } from './AssignmentQueue';
import { QuizQueue } from './QuizQueue';

/** The Submissions tab: the quiz and assignment grading queues of the course. */
export function SubmissionsTab({ courseId }: { courseId: string }) {
  return (
    <Stack>
      <QuizQueue courseId={courseId} />
      <AssignmentQueue courseId={courseId} />
    </Stack>
  );
}
