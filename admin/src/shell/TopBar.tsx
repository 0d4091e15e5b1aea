import { Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styled from 'styled-components';
import { can, type Bootstrap } from '../api/bootstrap';
import { topbarWidgets } from '../routes/screens';
import { Icon } from '../ui/Icon';
import { IconButton } from '../ui/primitives';
import { AccountMenu } from './AccountMenu';
import { AlertsBell } from './AlertsBell';
import { CreateMenu } from './CreateMenu';
import { Count } from './Dropdown';
import { ChatDropdown, NotificationBell } from './NotificationBells';
import type { OnlineMember } from './usePresence';

/** SPEC §9: the header gains a shadow after 20 px of scroll. */
export const SHADOW_AFTER_PX = 20;

const Bar = styled.header<{ $shadow: boolean }>`
  position: sticky;
  top: 0;
  z-index: 40;
  display: flex;
  align-items: center;
  gap: 0.25rem;
  min-height: 3.5rem;
  padding: 0 0.75rem;
  background: ${(p) => p.theme.surface};
  border-bottom: 1px solid ${(p) => p.theme.border};
  box-shadow: ${(p) => (p.$shadow ? p.theme.shadow : 'none')};
  transition: box-shadow 0.15s;
  .spacer {
    flex: 1;
  }
  .link {
    display: inline-flex;
    align-items: center;
    gap: 0.35rem;
    padding: 0.4rem 0.6rem;
    border-radius: 6px;
    color: ${(p) => p.theme.text};
    text-decoration: none;
  }
  .link:hover {
    background: ${(p) => p.theme.surfaceAlt};
  }
  @media (max-width: 767px) {
    .link span {
      display: none;
    }
  }
  /* A phone (375 px): a manager's ten controls fit in one row when each gives up a little room. */
  @media (max-width: 420px) {
    gap: 0;
    padding: 0 0.25rem;
    .link {
      padding: 0.4rem;
    }
    ${IconButton} {
      width: 2rem;
    }
  }
`;

function useScrolled(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return scrolled;
}

export function TopBar({
  boot,
  sidebarOpen,
  onToggleSidebar,
  onRestartTour,
  online,
}: {
  boot: Bootstrap;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  onRestartTour: () => void;
  online: OnlineMember[];
}) {
  const { t } = useTranslation();
  const scrolled = useScrolled(SHADOW_AFTER_PX);
  const messages = boot.menu.sidebar.find((item) => item.path === '/dashboard/messages');
  const manager = can(boot, 'manage_options') || can(boot, 'admin');
  const plugins = [...new Set([...boot.menu.sidebar, ...boot.menu.profile].flatMap((item) => (item.plugin === undefined ? [] : [item.plugin])))]
    .sort()
    .join(',');
  // Created once per set of plugins: a new lazy component on every render would remount the widgets.
  const widgets = useMemo(() => topbarWidgets(plugins === '' ? [] : plugins.split(',')), [plugins]);
  return (
    <Bar $shadow={scrolled} data-testid="topbar" data-shadow={scrolled}>
      <IconButton aria-label={t('shell.toggleSidebar')} aria-expanded={sidebarOpen} onClick={onToggleSidebar} data-testid="sidebar-toggle" data-tour="sidebar">
        <Icon name="menu" />
      </IconButton>
      <a className="link" href={boot.account.site_url} target="_blank" rel="noreferrer">
        <Icon name="external" />
        <span>{t('shell.viewSite')}</span>
      </a>
      <a className="link" href={boot.account.docs_url} target="_blank" rel="noreferrer">
        <Icon name="book" />
        <span>{t('shell.documentation')}</span>
      </a>
      <div className="spacer" />
      <IconButton aria-label={t('shell.restartTour')} title={t('shell.restartTour')} onClick={onRestartTour} data-tour="help">
        <Icon name="help" />
      </IconButton>
      {online.length > 0 ? (
        messages !== undefined ? (
          <IconButton
            as={Link}
            to={messages.path}
            aria-label={t('shell.online', { count: online.length })}
            title={t('shell.online', { count: online.length })}
            data-testid="online-badge"
          >
            <Icon name="users" />
            <Count aria-hidden="true">{online.length}</Count>
          </IconButton>
        ) : (
          <IconButton
            as="span"
            role="status"
            aria-label={t('shell.online', { count: online.length })}
            title={t('shell.online', { count: online.length })}
            data-testid="online-badge"
          >
            <Icon name="users" />
            <Count aria-hidden="true">{online.length}</Count>
          </IconButton>
        )
      ) : null}
      <Suspense fallback={null}>
        {widgets.map(({ key, Widget }) => (
          <Widget key={key} />
        ))}
      </Suspense>
      {boot.menu.createMenu ? (
        <span data-tour="create">
          <CreateMenu items={boot.menu.quick} />
        </span>
      ) : null}
      {manager ? <AlertsBell accountId={boot.account.id} /> : null}
      <span data-tour="notifications">
        <NotificationBell />
      </span>
      <ChatDropdown />
      <span data-tour="account">
        <AccountMenu boot={boot} />
      </span>
    </Bar>
  );
}
