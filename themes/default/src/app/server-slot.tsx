import type { HTMLAttributes, ReactNode } from 'react';

type SlotTag = 'main' | 'div' | 'section';

/**
 * A part of the page the browser keeps exactly as the server drew it. The server passes the
 * children; the browser passes none and hydrates an element whose inner HTML React leaves alone
 * (an element with dangerouslySetInnerHTML has no child fibers, so hydration never walks or
 * replaces the server's nodes, and an unchanged `__html` is never written again).
 *
 * This keeps static content (stored documents and their blocks, the footer) out of the browser
 * bundle: React and the interactive shell already use most of the 80 KB budget.
 */
export function ServerSlot({ as: Tag = 'div', children, ...props }: { as?: SlotTag; children?: ReactNode } & HTMLAttributes<HTMLElement>) {
  if (children !== undefined) return <Tag {...props}>{children}</Tag>;
  return <Tag {...props} dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />;
}
