import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styled from 'styled-components';
import { Icon, ProgressBar } from '@lectern/admin/kit';
import { ItemTypeIcon } from '../icons';
import type { Player, PlayerItem } from '../types';
import { groupBySection } from './curriculum';
import { itemHref } from './links';
import { LockReason } from './LockReason';

const Nav = styled.nav`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  h2 {
    font-size: 0.95rem;
    margin: 0;
  }
  h3 {
    font-size: 0.8rem;
    text-transform: uppercase;
    letter-spacing: 0.03em;
    color: ${(p) => p.theme.muted};
    margin: 0.75rem 0 0.25rem;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: 0.15rem;
  }
`;

const ItemLink = styled(Link)<{ $active: boolean; $locked: boolean }>`
  display: grid;
  grid-template-columns: auto 1fr auto;
  align-items: center;
  gap: 0.5rem;
  padding: 0.45rem 0.55rem;
  border-radius: 6px;
  color: ${(p) => (p.$locked ? p.theme.muted : p.theme.text)};
  text-decoration: none;
  background: ${(p) => (p.$active ? p.theme.surfaceAlt : 'transparent')};
  font-weight: ${(p) => (p.$active ? 600 : 400)};
  &:hover {
    background: ${(p) => p.theme.surfaceAlt};
  }
  &:focus-visible {
    outline: 2px solid ${(p) => p.theme.primary};
    outline-offset: 1px;
  }
  small {
    grid-column: 2 / 4;
    color: ${(p) => p.theme.muted};
    font-weight: 400;
  }
`;

const Done = styled.span`
  color: ${(p) => p.theme.success};
  display: inline-flex;
`;

function stateOf(item: PlayerItem): 'complete' | 'locked' | 'open' {
  if (item.complete) return 'complete';
  return item.locked ? 'locked' : 'open';
}

/** The curriculum: sections as headings, each item with its kind, done tick or padlock and why it is locked. */
export function PlayerSidebar({ course, player, activeId }: { course: string; player: Player; activeId: string | null }) {
  const { t } = useTranslation('lms-student');
  const { progress } = player.enrolment;
  return (
    <Nav aria-label={t('player.curriculum')} data-testid="player-sidebar">
      <div>
        <h2 id="lms-progress-label">{t('progress.percent', { percent: progress })}</h2>
        <ProgressBar
          ratio={progress / 100}
          tone={progress >= 100 ? 'success' : 'primary'}
          label={t('progress.label', { title: player.course.title })}
          max={100}
          now={progress}
          valueText={t('progress.percent', { percent: progress })}
          data-tone="progress"
        />
      </div>
      {groupBySection(player.items).map((group, index) => (
        <section key={group.section?.id ?? `start-${index}`} aria-labelledby={group.section === null ? undefined : `lms-section-${group.section.id}`}>
          {group.section === null ? null : <h3 id={`lms-section-${group.section.id}`}>{group.section.title}</h3>}
          <ul>
            {group.items.map((item) => {
              const state = stateOf(item);
              return (
                <li key={item.id}>
                  <ItemLink
                    to={itemHref(course, item.id)}
                    $active={item.id === activeId}
                    $locked={state === 'locked'}
                    aria-current={item.id === activeId ? 'page' : undefined}
                    data-testid="sidebar-item"
                    data-item={item.id}
                    data-type={item.post_type}
                    data-state={state}
                  >
                    <ItemTypeIcon type={item.post_type} label={t(`type.${item.post_type}`)} />
                    <span>{item.title}</span>
                    {state === 'complete' ? (
                      <Done>
                        <Icon name="check" size={16} label={t('state.complete')} />
                      </Done>
                    ) : state === 'locked' ? (
                      <Icon name="lock" size={16} label={t('state.locked')} />
                    ) : (
                      <span />
                    )}
                    {state === 'locked' ? <LockReason item={item} /> : null}
                  </ItemLink>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </Nav>
  );
}
