import type { MenuNode } from '../lib/site-settings.js';
import { isExternal } from '../lib/image-ref.js';

/** A menu entry's link; same-page paths get aria-current. */
export function MenuLink({
  node,
  currentPath,
  className,
  role,
}: {
  node: MenuNode & { href: string };
  currentPath: string;
  className?: string;
  role?: string;
}) {
  const current = node.href === currentPath;
  return (
    <a className={className} href={node.href} role={role} aria-current={current ? 'page' : undefined} rel={isExternal(node.href) ? 'noopener' : undefined}>
      {node.label}
    </a>
  );
}

/** The path part of a page's path-with-query, for comparing with menu links. */
export function pathOnly(path: string): string {
  return path.split(/[?#]/)[0] || '/';
}
