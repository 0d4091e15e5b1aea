import type { ReactNode } from 'react';

export interface Point {
  title: string;
  text: string;
  /** The plugins that make it true (see offer.ts). */
  needs?: readonly string[];
}

/** The opening block of a page: its one <h1>, a lead paragraph and optional actions. */
export function PageHero({ title, lead, children }: { title: string; lead: string; children?: ReactNode }) {
  return (
    <section className="page-hero">
      <h1>{title}</h1>
      <p className="lead">{lead}</p>
      {children !== undefined && <div className="hero-actions">{children}</div>}
    </section>
  );
}

export function Section({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <section className="section">
      <h2>{title}</h2>
      {intro !== undefined && <p className="section-text">{intro}</p>}
      {children}
    </section>
  );
}

export function PointGrid({ points }: { points: readonly Point[] }) {
  return (
    <ul className="point-grid">
      {points.map((point) => (
        <li key={point.title} className="point">
          <h3>{point.title}</h3>
          <p>{point.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** The closing invitation: sign up, or go to the dashboard for someone already signed in. */
export function CallToAction({ signedIn, title, text, action }: { signedIn: boolean; title: string; text: string; action?: { href: string; label: string } }) {
  return (
    <section className="cta-band">
      <h2>{title}</h2>
      <p>{text}</p>
      {action !== undefined ? (
        <a className="button button--primary" href={action.href}>
          {action.label}
        </a>
      ) : signedIn ? (
        <a className="button button--primary" href="/dashboard">
          Go to your dashboard
        </a>
      ) : (
        <a className="button button--primary" href="/signup">
          Start your free trial
        </a>
      )}
    </section>
  );
}
