import { ADDON_GUIDES } from '../../site-map.js';

export function DocsIndexPage() {
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
        <ul className="guide-list">
          {ADDON_GUIDES.map((guide) => (
            <li key={guide.path}>
              <a href={guide.path}>{guide.label}</a>
              <p>{guide.description}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
