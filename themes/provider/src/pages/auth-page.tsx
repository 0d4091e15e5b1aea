import { AuthPanel } from '@lectern/theme-default/kit';

/** /login and /signup: the default theme's sign-in forms, centred (interactive: hydrated in the browser). */
export function AuthPage({ mode }: { mode: 'login' | 'signup' }) {
  return (
    <div className="auth-page">
      <AuthPanel mode={mode} />
    </div>
  );
}
