import type { CourseAction } from './types.js';

/** What the viewer can do next: sign up or log in, continue with their progress, or enrol. */
export function CourseActionPanel({ action }: { action: CourseAction }) {
  switch (action.kind) {
    case 'visitor':
      return (
        <div className="lms-course__actions" data-testid="course-action" data-action="visitor">
          <a className="button button--primary button--block" href={action.signupHref}>
            Sign up to enrol
          </a>
          <a className="button button--ghost button--block" href={action.loginHref}>
            Log in
          </a>
        </div>
      );
    case 'enrolled':
      return (
        <div className="lms-course__actions" data-testid="course-action" data-action="enrolled">
          <p id="lms-progress-label">{`${action.progress}% complete`}</p>
          <div
            className="lms-progress"
            role="progressbar"
            aria-labelledby="lms-progress-label"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={action.progress}
          >
            <span style={{ width: `${action.progress}%` }} />
          </div>
          <a className="button button--primary button--block" href={action.href}>
            Continue learning
          </a>
        </div>
      );
    case 'expired':
      return (
        <div className="lms-course__actions" data-testid="course-action" data-action="expired">
          <p>Your access to this course has ended.</p>
          <a className="button button--primary button--block" href={action.href}>
            Enrol again
          </a>
        </div>
      );
    case 'member':
      return (
        <div className="lms-course__actions" data-testid="course-action" data-action="member">
          <a className="button button--primary button--block" href={action.href}>
            Enrol
          </a>
        </div>
      );
    case 'buy':
      return (
        <div className="lms-course__actions" data-testid="course-action" data-action="buy">
          {action.href === null ? (
            <p>{action.label}</p>
          ) : (
            <a className="button button--primary button--block" href={action.href}>
              {action.label}
            </a>
          )}
        </div>
      );
    case 'full':
      return (
        <div className="lms-course__actions" data-testid="course-action" data-action="full">
          <p>This course is full: no seats are left.</p>
        </div>
      );
  }
}
