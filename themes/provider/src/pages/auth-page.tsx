import { AuthPanel } from '@lectern/theme-default/kit';

/** /login: the default theme's sign-in form, centred (interactive: hydrated in the browser). The sign-up makes a site: signup/. */
export function AuthPage({ mode }: { mode: 'login' }) {
  return (
    <div className="auth-page">
      <AuthPanel mode={mode} />
    </div>
  );
}
