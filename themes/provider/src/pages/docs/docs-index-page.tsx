import type { SiteDocSummary } from '@lectern/sdk';
import { ADDON_GUIDES } from '../../site-map.js';
import { offered, type Installed } from '../offer.js';

/**
 * /docs: the docs the platform's super-admins wrote in the editor (/dashboard/docs), then the
 * guides to the installed add-ons. A doc at a guide's address replaces that guide, so it is listed
 * once, as the doc.
 */
export function DocsIndexPage({ installed, docs }: { installed: Installed; docs: readonly SiteDocSummary[] }) {
  const written = new Set(docs.map((doc) => `/docs/${doc.slug}`));
  const guides = offered(ADDON_GUIDES, installed).filter((guide) => !written.has(guide.path));
  return (
    <>
      <section className="page-hero">
        <h1>Documentation</h1>
        <p className="lead">Short guides to the add-ons: what each one does, which plans include it and how to switch it on.</p>
      </section>
      <section className="section">
        <h2>Getting started with add-ons</h2>
        <p className="section-text">
          Add-ons are extra features you switch on for your whole site. Sign in as the owner or an admin, open <a href="/dashboard/addons">Add-ons</a> in your
          dashboard and turn on the ones your plan includes. See <a href="/pricing">pricing</a> for what each plan includes.
        </p>
      </section>
      {docs.length > 0 ? (
        <section className="section" data-testid="docs-written">
          <h2>Articles</h2>
          <ul className="guide-list">
            {docs.map((doc) => (
              <li key={doc.slug}>
                <a href={`/docs/${encodeURIComponent(doc.slug)}`}>{doc.title}</a>
                {doc.excerpt === '' ? null : <p>{doc.excerpt}</p>}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="section">
        <h2>Add-on guides</h2>
        {guides.length === 0 ? (
          <p className="section-text">No add-ons are installed on this platform yet; their guides appear here when they are.</p>
        ) : (
          <ul className="guide-list">
            {guides.map((guide) => (
              <li key={guide.path}>
                <a href={guide.path}>{guide.label}</a>
                <p>{guide.description}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
