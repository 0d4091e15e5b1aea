import type { ReactNode } from 'react';
import type { SiteShell } from '@lectern/sdk';
import { offered, type Installed } from '../pages/offer.js';
import { ADDON_GUIDES, DOCS_INDEX, LEGAL_LINKS, MARKETING_PAGES } from '../site-map.js';
import { siteName } from './brand.js';

function Column({ title, links }: { title: string; links: ReadonlyArray<{ href: string; label: string }> }) {
  return (
    <div className="footer-column">
      <h2 className="footer-heading">{title}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href}>{link.label}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Drawn by the server only; `band` is the owner's footer document, above the columns. */
export function SiteFooter({ shell, installed, band }: { shell: SiteShell; installed: Installed; band?: ReactNode }) {
  const name = siteName(shell);
  return (
    <footer className="site-footer">
      {band}
      <div className="footer-columns">
        <div className="footer-column footer-about">
          <p className="footer-name">{name}</p>
          <p>Your site, your blog and what you teach and sell, on one site you own.</p>
        </div>
        <Column title="Product" links={[...MARKETING_PAGES.map(({ path, label }) => ({ href: path, label })), { href: '/blog', label: 'Blog' }]} />
        <Column
          title="Docs"
          links={[{ href: DOCS_INDEX.path, label: 'All guides' }, ...offered(ADDON_GUIDES, installed).map(({ path, label }) => ({ href: path, label }))]}
        />
        <Column title="Legal" links={LEGAL_LINKS} />
      </div>
      <p className="footer-bottom">© {name}. All rights reserved.</p>
    </footer>
  );
}
