import type { Guide } from './guides.js';

/** One add-on guide: what it does, who has it, and how to switch it on under /dashboard/addons. */
export function GuidePage({ guide }: { guide: Guide }) {
  return (
    <article className="guide">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <a href="/docs">Docs</a> <span aria-hidden="true">/</span> <span aria-current="page">{guide.title}</span>
      </nav>
      <h1>{guide.title}</h1>
      <p className="lead">{guide.intro}</p>
      <h2>What it does</h2>
      <ul className="check-list">
        {guide.does.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <h2>Plans</h2>
      <p>{guide.plans}</p>
      <h2>Switch it on</h2>
      <ol className="steps">
        <li>
          Sign in as the site owner or an admin and open <a href="/dashboard/addons">Add-ons</a> in your dashboard.
        </li>
        <li>
          Find <strong>{guide.switchName}</strong> and turn its switch on. It takes effect straight away for the whole site.
        </li>
        {guide.next.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      {guide.tip !== undefined && (
        <aside className="tip" aria-label="Tip">
          <strong>Tip:</strong> {guide.tip}
        </aside>
      )}
      <p className="guide-back">
        <a href="/docs">← All guides</a>
      </p>
    </article>
  );
}
