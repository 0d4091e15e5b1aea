import type { PluginTranslate } from '@lectern/sdk';
import type { CourseAction } from './types.js';

/** What the viewer can do next: sign up or log in, continue with their progress, or enrol. */
export function CourseActionPanel({ action, t }: { action: CourseAction; t: PluginTranslate }) {
  switch (action.kind) {
    case 'visitor':
      return (
        <div className="lms-course__actions" data-testid="course-action" data-action="visitor">
          <a className="button button--primary button--block" href={action.signupHref}>
            {t('action.signup')}
          </a>
          <a className="button button--ghost button--block" href={action.loginHref}>
            {t('action.login')}
          </a>
        </div>
      );
    case 'enrolled':
      return (
        <div className="lms-course__actions" data-testid="course-action" data-action="enrolled">
          <p id="lms-progress-label">{t('action.progress', { progress: action.progress })}</p>
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
            {t('action.continue')}
          </a>
        </div>
      );
    case 'expired':
      return (
        <div className="lms-course__actions" data-testid="course-action" data-action="expired">
          <p>{t('action.expired')}</p>
          <a className="button button--primary button--block" href={action.href}>
            {t('action.enrolAgain')}
          </a>
        </div>
      );
    case 'member':
      return (
        <div className="lms-course__actions" data-testid="course-action" data-action="member">
          <a className="button button--primary button--block" href={action.href}>
            {t('action.enrol')}
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
          <p>{t('action.full')}</p>
        </div>
      );
  }
}
