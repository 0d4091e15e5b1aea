import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { SiteViewer } from '@lectern/sdk';
import { useSite } from '../app/site-context.js';
import { logOut } from '../auth/log-out.js';
import { Avatar } from './avatar.js';

export type UserChipDisplay = 'avatar' | 'name' | 'both';

/**
 * SPEC §2 user chip: avatar and/or name (optionally the name in a tooltip), opening a menu with
 * Dashboard and Log out.
 */
export function UserChip({ viewer, display = 'both', tooltip = false }: { viewer: SiteViewer; display?: UserChipDisplay; tooltip?: boolean }) {
  const { t } = useSite();
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const tipId = useId();
  const name = viewer.name.trim() || viewer.email;

  const items = () => Array.from(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const focusItem = (index: number) => {
    const list = items();
    list[(index + list.length) % list.length]?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (root.current !== null && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const last = event.key === 'ArrowUp';
      window.requestAnimationFrame(() => focusItem(last ? -1 : 0));
    }
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusItem(at + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focusItem(at - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusItem(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusItem(-1);
    } else if (event.key === 'Tab') setOpen(false);
  };
  const leave = () => {
    setLeaving(true);
    void logOut().finally(() => window.location.reload());
  };

  const showAvatar = display !== 'name';
  const showName = display !== 'avatar' && !tooltip;
  return (
    <div className={`user-chip${tooltip ? ' user-chip--tooltip' : ''}`} ref={root} data-testid="user-chip">
      <button
        ref={button}
        type="button"
        className="user-chip__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('user.menu', { name })}
        aria-describedby={tooltip ? tipId : undefined}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={onButtonKey}
      >
        {showAvatar ? <Avatar src={viewer.avatarUrl} /> : null}
        {showName || !showAvatar ? <span className="user-chip__name">{name}</span> : null}
      </button>
      {tooltip ? (
        <span role="tooltip" id={tipId} className="user-chip__tooltip">
          {name}
        </span>
      ) : null}
      {open ? (
        <ul className="user-chip__menu" role="menu" id={menuId} aria-label={name} onKeyDown={onMenuKey}>
          <li role="none">
            <a role="menuitem" href="/dashboard">
              {t('user.dashboard')}
            </a>
          </li>
          <li role="none">
            <button role="menuitem" type="button" onClick={leave} disabled={leaving}>
              {t('user.logout')}
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
