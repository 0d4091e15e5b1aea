import type { SiteViewer } from '@lectern/sdk';

/** Log in and Sign up for visitors; the way into the dashboard for a signed-in member. */
export function AccountLinks({ viewer, className }: { viewer: SiteViewer | null; className: string }) {
  if (viewer !== null) {
    return (
      <div className={className}>
        <a className="button button--primary" href="/dashboard">
          Dashboard
        </a>
      </div>
    );
  }
  return (
    <div className={className}>
      <a className="login-link" href="/login">
        Log in
      </a>
      <a className="button button--primary" href="/signup">
        Sign up
      </a>
    </div>
  );
}
