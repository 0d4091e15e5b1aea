import { NAV_LINKS } from '../site-map.js';

/** The section a path belongs to, so the top bar can mark it (a guide belongs to Docs). */
export function currentSection(path: string): string | undefined {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  return NAV_LINKS.find((link) => bare === link.href || bare.startsWith(`${link.href}/`))?.href;
}

export function NavLinks({ path, className }: { path: string; className: string }) {
  const current = currentSection(path);
  return (
    <ul className={className}>
      {NAV_LINKS.map((link) => (
        <li key={link.href}>
          <a href={link.href} aria-current={link.href === current ? 'page' : undefined}>
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
