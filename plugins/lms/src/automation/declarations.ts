import { defineAction, defineCondition, defineTrigger, Type, Uuid } from '@lectern/sdk';

/**
 * SPEC §9: the triggers the LMS raises and the actions it answers, as the kernel's automation
 * engine declares them (schemas here, listed in the manifest; the actions' code in actions.ts).
 * The member a trigger is about is the event's user, not part of its payload.
 */
const Course = Type.Object({ courseId: Uuid }, { additionalProperties: false });
const CourseItem = Type.Object({ courseId: Uuid, itemId: Uuid }, { additionalProperties: false });

export const courseSubscribed = defineTrigger('course_subscribed', Course);
export const courseCompleted = defineTrigger('course_completed', Course);
export const lessonCompleted = defineTrigger('lesson_completed', CourseItem);
export const dripLessonAvailable = defineTrigger('drip_lesson_available', CourseItem);
export const newCoursePublished = defineTrigger('new_course_published', Course);
/** A member saved the course to their wishlist. */
export const courseWishlisted = defineTrigger('course_wishlisted', Course);
/**
 * A course the member wishlisted went on sale (raised once per member who has it on their list, by
 * the LMS when the selling plugin announces the sale). Prices in minor units of the site currency;
 * `endsAt` is when the sale price stops (ISO), or null when it has no end.
 */
export const courseOnSale = defineTrigger(
  'course_on_sale',
  Type.Object(
    {
      courseId: Uuid,
      productId: Uuid,
      price: Type.Integer({ minimum: 0 }),
      salePrice: Type.Integer({ minimum: 0 }),
      endsAt: Type.Union([Type.String({ minLength: 1, description: 'ISO 8601 date-time' }), Type.Null()]),
    },
    { additionalProperties: false },
  ),
);

/** Enrols (or unenrols) the event's member in the course the automation names. */
export const enrollCourse = defineAction('enroll_course', Course);
export const unenrollCourse = defineAction('unenroll_course', Course);

/**
 * The member's progress in a course (the one named, else the event's own course) is within the
 * bounds, in whole percent (SPEC §9 rounds progress down). Someone not enrolled has no progress.
 */
export const courseProgressPercent = defineCondition(
  'course_progress_percent',
  Type.Object(
    {
      courseId: Type.Optional(Uuid),
      at_least: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
      at_most: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
    },
    { additionalProperties: false },
  ),
);

export const LMS_CONDITIONS = [courseProgressPercent];

export const LMS_TRIGGERS = [courseSubscribed, courseCompleted, lessonCompleted, dripLessonAvailable, newCoursePublished, courseWishlisted, courseOnSale];
export const LMS_ACTIONS = [enrollCourse, unenrollCourse];
