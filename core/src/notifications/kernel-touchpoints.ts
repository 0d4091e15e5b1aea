/** A touchpoint: an event that may send an email and leave a notification, with its default template. */
export interface TouchpointDefinition {
  key: string;
  label: string;
  /** Default subject (plain text, `{{token}}` placeholders); blank means "New mail". */
  subject: string;
  /** Default body (HTML, `{{token}}` placeholders; token values are HTML-escaped). */
  body: string;
  /** The plugin that declared it (absent for the kernel's own). */
  plugin?: string;
  /** The plugin's feature flag: the touchpoint is hidden and never fires while it is off. */
  feature?: string;
}

const link = '<p><a href="{{link}}">{{link}}</a></p>';

/**
 * SPEC §7's email touchpoints. Tokens callers are expected to pass: site_name, user_name (the
 * recipient), student_name, instructor_name, course_title, quiz_title, assignment_title, status,
 * marks, link.
 */
export const KERNEL_TOUCHPOINTS: readonly TouchpointDefinition[] = [
  {
    key: 'course_subscribed_instructor',
    label: 'Course subscribed (to instructor)',
    subject: 'New student in {{course_title}}',
    body: '<p>Hi {{user_name}},</p><p>{{student_name}} subscribed to your course {{course_title}}.</p>' + link,
  },
  {
    key: 'course_subscribed_student',
    label: 'Course subscribed (to student)',
    subject: 'Welcome to {{course_title}}',
    body: '<p>Hi {{user_name}},</p><p>You are now subscribed to {{course_title}}.</p>' + link,
  },
  {
    key: 'instructor_start_course',
    label: 'Instructor started course',
    subject: '{{course_title}} has started',
    body: '<p>Hi {{user_name}},</p><p>{{instructor_name}} started the course {{course_title}} for you.</p>' + link,
  },
  {
    key: 'certificate_earned',
    label: 'Certificate earned',
    subject: 'Your certificate for {{course_title}}',
    body: '<p>Congratulations {{user_name}}!</p><p>You earned the certificate of {{course_title}}.</p>' + link,
  },
  {
    key: 'course_reset',
    label: 'Course reset',
    subject: '{{course_title}} was reset',
    body: '<p>Hi {{user_name}},</p><p>Your progress in {{course_title}} was reset.</p>' + link,
  },
  {
    key: 'status_change',
    label: 'Course status changed',
    subject: 'Your status in {{course_title}} changed',
    body: '<p>Hi {{user_name}},</p><p>Your status in {{course_title}} is now {{status}}.</p>' + link,
  },
  {
    key: 'submit_course',
    label: 'Course submitted',
    subject: '{{student_name}} submitted {{course_title}}',
    body: '<p>Hi {{user_name}},</p><p>{{student_name}} submitted the course {{course_title}} for evaluation.</p>' + link,
  },
  {
    key: 'evaluate_course',
    label: 'Course evaluated',
    subject: '{{course_title}} was evaluated',
    body: '<p>Hi {{user_name}},</p><p>Your course {{course_title}} was evaluated: {{marks}}.</p>' + link,
  },
  {
    key: 'review',
    label: 'Course reviewed',
    subject: 'New review of {{course_title}}',
    body: '<p>Hi {{user_name}},</p><p>{{student_name}} reviewed {{course_title}}.</p>' + link,
  },
  {
    key: 'quiz_submit',
    label: 'Quiz submitted',
    subject: '{{student_name}} submitted {{quiz_title}}',
    body: '<p>Hi {{user_name}},</p><p>{{student_name}} submitted the quiz {{quiz_title}} in {{course_title}}.</p>' + link,
  },
  {
    key: 'quiz_reset',
    label: 'Quiz reset',
    subject: '{{quiz_title}} was reset',
    body: '<p>Hi {{user_name}},</p><p>Your quiz {{quiz_title}} in {{course_title}} was reset.</p>' + link,
  },
  {
    key: 'quiz_retake',
    label: 'Quiz retaken',
    subject: '{{student_name}} retook {{quiz_title}}',
    body: '<p>Hi {{user_name}},</p><p>{{student_name}} retook the quiz {{quiz_title}} in {{course_title}}.</p>' + link,
  },
  {
    key: 'quiz_evaluate',
    label: 'Quiz evaluated',
    subject: '{{quiz_title}} was evaluated',
    body: '<p>Hi {{user_name}},</p><p>Your quiz {{quiz_title}} in {{course_title}} was evaluated: {{marks}}.</p>' + link,
  },
  {
    key: 'assignment_submit',
    label: 'Assignment submitted',
    subject: '{{student_name}} submitted {{assignment_title}}',
    body: '<p>Hi {{user_name}},</p><p>{{student_name}} submitted the assignment {{assignment_title}} in {{course_title}}.</p>' + link,
  },
  {
    key: 'assignment_evaluate',
    label: 'Assignment evaluated',
    subject: '{{assignment_title}} was evaluated',
    body: '<p>Hi {{user_name}},</p><p>Your assignment {{assignment_title}} in {{course_title}} was evaluated: {{marks}}.</p>' + link,
  },
  {
    key: 'assignment_reset',
    label: 'Assignment reset',
    subject: '{{assignment_title}} was reset',
    body: '<p>Hi {{user_name}},</p><p>Your assignment {{assignment_title}} in {{course_title}} was reset.</p>' + link,
  },
];
