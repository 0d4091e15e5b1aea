import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import styled, { css } from 'styled-components';
import type { MenuItem } from '../api/bootstrap';
import { Icon } from '../ui/Icon';

const Nav = styled.nav<{ $open: boolean; $mobile: boolean }>`
  background: ${(p) => p.theme.surface};
  border-inline-end: 1px solid ${(p) => p.theme.border};
  overflow-y: auto;
  width: ${(p) => (p.$open ? '15rem' : '3.75rem')};
  transition: width 0.15s ease;
  ${(p) =>
    p.$mobile &&
    css`
      position: fixed;
      inset-block: 0;
      inset-inline-start: 0;
      z-index: 60;
      width: 16rem;
      box-shadow: ${p.theme.shadow};
      display: ${p.$open ? 'block' : 'none'};
    `}
  ul {
    list-style: none;
    margin: 0;
    padding: 0.5rem;
  }
  a {
    display: flex;
    align-items: center;
    gap: 0.75rem;
    padding: 0.55rem 0.65rem;
    border-radius: 8px;
    color: ${(p) => p.theme.text};
    text-decoration: none;
    white-space: nowrap;
    overflow: hidden;
  }
  a:hover {
    background: ${(p) => p.theme.surfaceAlt};
  }
  a.active {
    background: ${(p) => p.theme.primary};
    color: ${(p) => p.theme.primaryText};
  }
  .brand {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    padding: 0.9rem 0.9rem 0.4rem;
    font-weight: 700;
    min-height: 3.5rem;
  }
`;

/** The side menu the server built for this member; collapsed it is a rail of icons with their names as tooltips. */
export function Sidebar({
  items,
  open,
  mobile,
  title,
  logo,
  logoWidth,
}: {
  items: MenuItem[];
  open: boolean;
  mobile: boolean;
  title: string;
  logo: string | null;
  logoWidth: number;
}) {
  const { t } = useTranslation();
  return (
    <Nav $open={open} $mobile={mobile} aria-label={t('shell.sideMenu')} data-testid="sidebar" data-open={open}>
      <div className="brand">
        {logo !== null && open ? <img src={logo} alt={title} style={{ width: `${logoWidth * 16}px`, maxWidth: '100%' }} /> : <Icon name="book" />}
        {open && logo === null ? <span>{title}</span> : null}
      </div>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            <NavLink to={item.path} end={item.path === '/dashboard'} title={open ? undefined : t(item.label)} data-entry={item.id}>
              <Icon name={item.icon} />
              <span className={open ? undefined : 'visually-hidden'}>{t(item.label)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </Nav>
  );
}
