import type { PluginContext } from '@lectern/sdk';
import { courseCompleted, courseSubscribed, dripLessonAvailable, lessonCompleted, newCoursePublished } from '../automation/declarations.js';
import { lmsDb } from '../db/tables.js';
import { authorIds, recipients } from './recipients.js';
import type { LmsScope } from './scope.js';

/** What an event says about its course (the caller has the row at hand). */
export interface CourseRef {
  id: string;
  title: string;
  slug: string;
  /** The course's settings when the caller has its row (listeners then skip reading it again). */
  settings?: Record<string, unknown> | null;
}

/** A quiz or an assignment of the course. */
export interface ItemRef {
  id: string;
  title: string;
}

/** What the LMS's own parts (certificates, drip releases) do when something happens, inside the caller's transaction. */
export interface LmsListeners {
  courseCompleted?(scope: LmsScope, course: CourseRef, studentId: string): Promise<void>;
  courseStarted?(scope: LmsScope, course: CourseRef, studentId: string): Promise<void>;
  unitCompleted?(scope: LmsScope, course: CourseRef, studentId: string, itemId: string): Promise<void>;
  /** A student joined or left the course (its student count and seats changed). */
  enrolmentChanged?(scope: LmsScope, course: CourseRef): Promise<void>;
}

type ListenerLists = { [K in keyof LmsListeners]-?: Array<NonNullable<LmsListeners[K]>> };

const STATUS_NAMES: Record<number, string> = { 1: 'enrolled', 2: 'started', 3: 'submitted for evaluation', 4: 'evaluated' };

/**
 * Everything that happens to students in courses, told to the people concerned (SPEC §7 touchpoints:
 * an email and a notification each, as the account's `touchpoints` option enables them) and to
 * automations (events recorded in the caller's transaction, run after its commit). Methods run inside the caller's transaction and never throw for a
 * missing recipient: the state change they follow has already happened.
 */
export class LmsEvents {
  private readonly listeners: ListenerLists = { courseCompleted: [], courseStarted: [], unitCompleted: [], enrolmentChanged: [] };

  constructor(private readonly ctx: PluginContext) {}

  listen(listeners: LmsListeners): void {
    if (listeners.courseCompleted) this.listeners.courseCompleted.push(listeners.courseCompleted);
    if (listeners.courseStarted) this.listeners.courseStarted.push(listeners.courseStarted);
    if (listeners.unitCompleted) this.listeners.unitCompleted.push(listeners.unitCompleted);
    if (listeners.enrolmentChanged) this.listeners.enrolmentChanged.push(listeners.enrolmentChanged);
  }

  /** A student joined or left the course. */
  async enrolmentChanged(scope: LmsScope, course: CourseRef): Promise<void> {
    for (const listener of this.listeners.enrolmentChanged) await listener(scope, course);
  }

  /** The student's course began (status 2, by them or by an instructor). */
  async courseStarted(scope: LmsScope, course: CourseRef, studentId: string): Promise<void> {
    for (const listener of this.listeners.courseStarted) await listener(scope, course, studentId);
  }

  /** The drip feed released an item to the student (a job due at its opening found it open). */
  async dripReleased(scope: LmsScope, course: CourseRef, studentId: string, itemId: string): Promise<void> {
    await this.ctx.automation.raise(scope, dripLessonAvailable, { userId: studentId, payload: { courseId: course.id, itemId } });
  }

  /**
   * A new enrolment. The authors hear of students who joined by themselves (free, a purchase, a
   * membership, an automation), not of those an instructor enrolled by hand or by CSV.
   */
  async courseSubscribed(scope: LmsScope, course: CourseRef, studentId: string, source = 'free'): Promise<void> {
    await this.toStudent(scope, 'course_subscribed_student', course, studentId, {});
    if (source !== 'csv' && source !== 'instructor') await this.toAuthors(scope, 'course_subscribed_instructor', course, studentId, {});
    await this.ctx.automation.raise(scope, courseSubscribed, { userId: studentId, payload: { courseId: course.id } });
  }

  /** An instructor set the status: the student hears of it; status 2 is the instructor starting the course for them. */
  async statusSet(scope: LmsScope, course: CourseRef, studentId: string, status: number, actorId: string | null): Promise<void> {
    const instructor = actorId === null ? '' : ((await this.people(scope, [actorId])).get(actorId)?.name ?? '');
    await this.toStudent(scope, 'status_change', course, studentId, { status: STATUS_NAMES[status] ?? String(status), instructor_name: instructor });
    if (status === 2) {
      await this.toStudent(scope, 'instructor_start_course', course, studentId, { instructor_name: instructor });
      await this.courseStarted(scope, course, studentId);
    }
    if (status === 4) await this.courseEvaluated(scope, course, studentId, null);
  }

  /** The student finished: status 3 asks the authors to evaluate; status 4 (automatic evaluation) completes it. */
  async courseFinished(scope: LmsScope, course: CourseRef, studentId: string, status: number, marks: number | null): Promise<void> {
    if (status === 3) await this.toAuthors(scope, 'submit_course', course, studentId, {});
    if (status === 4) await this.courseEvaluated(scope, course, studentId, marks);
  }

  async courseReset(scope: LmsScope, course: CourseRef, studentId: string): Promise<void> {
    await this.toStudent(scope, 'course_reset', course, studentId, {});
  }

  async unitCompleted(scope: LmsScope, course: CourseRef, studentId: string, itemId: string): Promise<void> {
    for (const listener of this.listeners.unitCompleted) await listener(scope, course, studentId, itemId);
    await this.ctx.automation.raise(scope, lessonCompleted, { userId: studentId, payload: { courseId: course.id, itemId } });
  }

  async coursePublished(scope: LmsScope, course: CourseRef): Promise<void> {
    await this.ctx.automation.raise(scope, newCoursePublished, { payload: { courseId: course.id } });
  }

  async reviewed(scope: LmsScope, course: CourseRef, studentId: string): Promise<void> {
    await this.toAuthors(scope, 'review', course, studentId, {});
  }

  async quizSubmitted(scope: LmsScope, course: CourseRef, quiz: ItemRef, studentId: string, retake: boolean): Promise<void> {
    await this.toAuthors(scope, retake ? 'quiz_retake' : 'quiz_submit', course, studentId, { quiz_title: quiz.title });
  }

  async quizEvaluated(scope: LmsScope, course: CourseRef, quiz: ItemRef, studentId: string, marks: number): Promise<void> {
    await this.toStudent(scope, 'quiz_evaluate', course, studentId, { quiz_title: quiz.title, marks });
  }

  async quizReset(scope: LmsScope, course: CourseRef, quiz: ItemRef, studentId: string): Promise<void> {
    await this.toStudent(scope, 'quiz_reset', course, studentId, { quiz_title: quiz.title });
  }

  async assignmentSubmitted(scope: LmsScope, course: CourseRef, assignment: ItemRef, studentId: string): Promise<void> {
    await this.toAuthors(scope, 'assignment_submit', course, studentId, { assignment_title: assignment.title });
  }

  async assignmentEvaluated(scope: LmsScope, course: CourseRef, assignment: ItemRef, studentId: string, marks: number): Promise<void> {
    await this.toStudent(scope, 'assignment_evaluate', course, studentId, { assignment_title: assignment.title, marks });
  }

  async assignmentReset(scope: LmsScope, course: CourseRef, assignment: ItemRef, studentId: string): Promise<void> {
    await this.toStudent(scope, 'assignment_reset', course, studentId, { assignment_title: assignment.title });
  }

  private async courseEvaluated(scope: LmsScope, course: CourseRef, studentId: string, marks: number | null): Promise<void> {
    await this.toStudent(scope, 'evaluate_course', course, studentId, { marks: marks ?? '' });
    for (const listener of this.listeners.courseCompleted) await listener(scope, course, studentId);
    await this.ctx.automation.raise(scope, courseCompleted, { userId: studentId, payload: { courseId: course.id } });
  }

  /** Fires a touchpoint to one member with the tokens every LMS template may use. */
  async notify(
    scope: LmsScope,
    key: string,
    course: CourseRef,
    recipientId: string,
    studentId: string,
    tokens: Record<string, string | number>,
    link?: string,
  ): Promise<void> {
    const people = await this.people(scope, [recipientId, studentId]);
    const recipient = people.get(recipientId);
    if (recipient === undefined) return;
    await this.ctx.touchpoints.fire(scope, key, {
      to: { userId: recipient.id, email: recipient.email },
      component: 'lms',
      itemId: course.id,
      data: { action: key, object: course.title, ...(studentId === recipientId ? {} : { actor: studentId }) },
      tokens: {
        site_name: scope.siteName,
        user_name: recipient.name,
        student_name: people.get(studentId)?.name ?? '',
        course_title: course.title,
        link: link ?? `${scope.origin}/dashboard/courses/${encodeURIComponent(course.slug)}`,
        ...tokens,
      },
    });
  }

  private async toStudent(scope: LmsScope, key: string, course: CourseRef, studentId: string, tokens: Record<string, string | number>): Promise<void> {
    await this.notify(scope, key, course, studentId, studentId, tokens);
  }

  /** Authors hear about their students in the instructor area's roster. */
  private async toAuthors(scope: LmsScope, key: string, course: CourseRef, studentId: string, tokens: Record<string, string | number>): Promise<void> {
    const link = `${scope.origin}/dashboard/instructor/courses/${course.id}`;
    for (const author of await authorIds(lmsDb(scope.db), scope.accountId, course.id)) {
      if (author !== studentId) await this.notify(scope, key, course, author, studentId, tokens, link);
    }
  }

  private people(scope: LmsScope, ids: string[]) {
    return recipients(lmsDb(scope.db), scope.accountId, ids);
  }
}
