import { ADDON_GUIDES } from '../../site-map.js';
import { offered, type Installed } from '../offer.js';

export function DocsIndexPage({ installed }: { installed: Installed }) {
  const guides = offered(ADDON_GUIDES, installed);
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
