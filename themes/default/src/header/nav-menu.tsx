import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useSite } from '../app/site-context.js';
import type { MenuNode } from '../lib/site-settings.js';
import { ChevronDownIcon } from '../widgets/icons.js';
import { MegaPanel } from './mega-panel.js';
import { MenuLink } from './menu-link.js';

/** First focusable control of each entry of a submenu list, in order. */
function entriesOf(list: HTMLElement | null): HTMLElement[] {
  if (list === null) return [];
  return Array.from(list.children)
    .map((li) => li.querySelector<HTMLElement>('a[href], button'))
    .filter((el): el is HTMLElement => el !== null);
}

/**
 * One entry of the header menu. Entries with children are disclosure buttons (WAI-ARIA menu
 * button without the application role, so links stay links): Enter/Space toggle, ArrowDown opens
 * and moves in, arrows move between entries, Escape closes and returns to the button.
 */
function NavItem({
  node,
  depth,
  currentPath,
  openId,
  setOpenId,
}: {
  node: MenuNode;
  depth: number;
  currentPath: string;
  openId: string | null;
  setOpenId: (id: string | null) => void;
}) {
  const { t } = useSite();
  const panelId = useId();
  const [childOpen, setChildOpen] = useState<string | null>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLUListElement & HTMLDivElement>(null);
  const hasPanel = node.mega !== null || node.children.length > 0;
  const open = openId === node.id;

  if (!hasPanel) {
    return (
      <li className="menu-item">
        {node.href === null ? (
          <span className="menu-item__label">{node.label}</span>
        ) : (
          <MenuLink node={{ ...node, href: node.href }} currentPath={currentPath} className="menu-item__link" />
        )}
      </li>
    );
  }

  const focusEntry = (index: number) => {
    const entries = entriesOf(panel.current);
    entries[(index + entries.length) % entries.length]?.focus();
  };
  const openAndFocus = (index: number) => {
    setOpenId(node.id);
    window.requestAnimationFrame(() => (node.mega === null ? focusEntry(index) : panel.current?.querySelector<HTMLElement>('a[href], button')?.focus()));
  };
  const onToggleKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAndFocus(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAndFocus(-1);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpenId(null);
    }
  };
  const onPanelKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setOpenId(null);
      toggle.current?.focus();
      return;
    }
    if (node.mega !== null) return;
    const entries = entriesOf(panel.current);
    const at = entries.indexOf(document.activeElement as HTMLElement);
    if (at === -1) return;
    const moves: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: -1 };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    focusEntry(next);
  };
  const onBlur = (event: FocusEvent<HTMLLIElement>) => {
    if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpenId(null);
  };

  const classes = ['menu-item', 'menu-item--parent', node.mega !== null ? 'menu-item--mega' : '', open ? 'is-open' : ''].filter(Boolean).join(' ');
  return (
    <li className={classes} onBlur={onBlur} onMouseEnter={() => depth === 1 && setOpenId(node.id)} onMouseLeave={() => depth === 1 && open && setOpenId(null)}>
      {node.href === null ? (
        <button
          ref={toggle}
          type="button"
          className="menu-item__toggle menu-item__toggle--label"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpenId(open ? null : node.id)}
          onKeyDown={onToggleKey}
        >
          {node.label}
          <ChevronDownIcon />
        </button>
      ) : (
        <>
          <MenuLink node={{ ...node, href: node.href }} currentPath={currentPath} className="menu-item__link" />
          <button
            ref={toggle}
            type="button"
            className="menu-item__toggle"
            aria-expanded={open}
            aria-controls={panelId}
            aria-label={t('header.submenu', { label: node.label })}
            onClick={() => setOpenId(open ? null : node.id)}
            onKeyDown={onToggleKey}
          >
            <ChevronDownIcon />
          </button>
        </>
      )}
      {node.mega !== null ? (
        <div className="submenu submenu--mega" ref={panel} onKeyDown={onPanelKey}>
          <MegaPanel mega={node.mega} id={panelId} />
        </div>
      ) : (
        <ul className="submenu" id={panelId} ref={panel} onKeyDown={onPanelKey}>
          {node.children.map((child) => (
            <NavItem key={child.id} node={child} depth={depth + 1} currentPath={currentPath} openId={childOpen} setOpenId={setChildOpen} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** The header's menu (SPEC §3 Menu item): plain links, nested dropdowns and mega menus. */
export function NavMenu({ items, currentPath, label }: { items: MenuNode[]; currentPath: string; label: string }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    if (openId === null) return;
    const onPointer = (event: PointerEvent) => {
      if (nav.current !== null && !nav.current.contains(event.target as Node)) setOpenId(null);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [openId]);
  if (items.length === 0) return null;
  return (
    <nav className="site-nav" aria-label={label} ref={nav} data-testid="site-nav">
      <ul className="menu">
        {items.map((node) => (
          <NavItem key={node.id} node={node} depth={1} currentPath={currentPath} openId={openId} setOpenId={setOpenId} />
        ))}
      </ul>
    </nav>
  );
}
