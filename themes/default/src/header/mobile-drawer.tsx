import { useEffect, useId, useRef, useState } from 'react';
import { useSite } from '../app/site-context.js';
import type { MenuNode } from '../lib/site-settings.js';
import { useDialogFocus } from '../lib/use-dialog-focus.js';
import { ChevronDownIcon, CloseIcon, MenuIcon } from '../widgets/icons.js';
import { MegaPanel } from './mega-panel.js';
import { MenuLink } from './menu-link.js';

/** SPEC §9 mobile breakpoint. */
export const MOBILE_QUERY = '(max-width: 767.98px)';

function DrawerItem({ node, currentPath }: { node: MenuNode; currentPath: string }) {
  const { t } = useSite();
  const [open, setOpen] = useState(false);
  const id = useId();
  const hasPanel = node.mega !== null || node.children.length > 0;
  const link =
    node.href === null ? (
      <span className="drawer-menu__label">{node.label}</span>
    ) : (
      <MenuLink node={{ ...node, href: node.href }} currentPath={currentPath} className="drawer-menu__link" />
    );
  if (!hasPanel) return <li>{link}</li>;
  return (
    <li className={open ? 'is-open' : undefined}>
      <div className="drawer-menu__row">
        {node.href === null ? (
          <button
            type="button"
            className="drawer-menu__toggle drawer-menu__toggle--label"
            aria-expanded={open}
            aria-controls={id}
            onClick={() => setOpen(!open)}
          >
            {node.label}
            <ChevronDownIcon />
          </button>
        ) : (
          <>
            {link}
            <button
              type="button"
              className="drawer-menu__toggle"
              aria-expanded={open}
              aria-controls={id}
              aria-label={t('header.submenu', { label: node.label })}
              onClick={() => setOpen(!open)}
            >
              <ChevronDownIcon />
            </button>
          </>
        )}
      </div>
      {node.mega !== null ? (
        <div className="drawer-menu__panel">{open ? <MegaPanel mega={node.mega} id={id} /> : <div id={id} />}</div>
      ) : (
        <ul className="drawer-menu__sub" id={id} hidden={!open}>
          {node.children.map((child) => (
            <DrawerItem key={child.id} node={child} currentPath={currentPath} />
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * The menu under 768 px (SPEC §2 mobile drawer): a modal panel with the mobile menu (else the
 * header menu). Focus stays inside while it is open; Escape, the close button, the backdrop,
 * following a link or widening the window past the breakpoint close it.
 */
export function MobileDrawer({ items, currentPath, everyWidth = false }: { items: MenuNode[]; currentPath: string; everyWidth?: boolean }) {
  const { t } = useSite();
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  useDialogFocus(panel, open, () => setOpen(false), closeButton);
  useEffect(() => {
    if (!open) return;
    document.documentElement.classList.add('has-modal');
    const wide = window.matchMedia(MOBILE_QUERY);
    const onChange = () => {
      if (!everyWidth && !wide.matches) setOpen(false);
    };
    wide.addEventListener('change', onChange);
    // Back/forward from the bfcache must not show a drawer left open.
    const onPageShow = () => setOpen(false);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      document.documentElement.classList.remove('has-modal');
      wide.removeEventListener('change', onChange);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, [open, everyWidth]);
  if (items.length === 0) return null;
  return (
    <>
      <button
        type="button"
        className={`icon-button drawer-toggle${everyWidth ? ' drawer-toggle--always' : ''}`}
        aria-label={t('header.openMenu')}
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        data-testid="drawer-toggle"
      >
        <MenuIcon />
      </button>
      {open ? (
        <div className="drawer">
          <div className="drawer__backdrop" onClick={() => setOpen(false)} aria-hidden="true" />
          <div
            className="drawer__panel"
            ref={panel}
            role="dialog"
            aria-modal="true"
            aria-labelledby={titleId}
            onClick={(event) => {
              // Following a link closes the drawer (anchors on the same page included).
              if ((event.target as HTMLElement).closest('a[href]') !== null) setOpen(false);
            }}
            data-testid="mobile-drawer"
          >
            <div className="drawer__head">
              <h2 id={titleId} className="drawer__title">
                {t('header.drawer')}
              </h2>
              <button ref={closeButton} type="button" className="icon-button" aria-label={t('header.closeMenu')} onClick={() => setOpen(false)}>
                <CloseIcon />
              </button>
            </div>
            <nav aria-labelledby={titleId}>
              <ul className="drawer-menu">
                {items.map((node) => (
                  <DrawerItem key={node.id} node={node} currentPath={currentPath} />
                ))}
              </ul>
            </nav>
          </div>
        </div>
      ) : null}
    </>
  );
}
