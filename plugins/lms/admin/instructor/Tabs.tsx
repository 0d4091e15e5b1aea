import { useRef, type KeyboardEvent } from 'react';
import styled from 'styled-components';

const List = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem;
  border-bottom: 1px solid ${(p) => p.theme.border};
  margin-bottom: 1.25rem;
`;
const Tab = styled.button<{ $active: boolean }>`
  font: inherit;
  background: transparent;
  color: ${(p) => (p.$active ? p.theme.primary : p.theme.text)};
  border: 0;
  border-bottom: 3px solid ${(p) => (p.$active ? p.theme.primary : 'transparent')};
  padding: 0.55rem 0.8rem;
  margin-block-end: -1px;
  cursor: pointer;
  font-weight: ${(p) => (p.$active ? 600 : 400)};
  &:focus-visible { outline: 2px solid ${(p) => p.theme.focus}; outline-offset: -2px; }
`;
const Dot = styled.span`
  display: inline-block;
  width: 0.45rem;
  height: 0.45rem;
  border-radius: 50%;
  margin-inline-start: 0.35rem;
  vertical-align: middle;
  background: ${(p) => p.theme.warning};
`;

export interface TabDef {
  id: string;
  label: string;
  /** Unsaved changes wait in this tab. */
  dirty?: boolean;
}

export const tabId = (id: string) => `course-tab-${id}`;
export const panelId = (id: string) => `course-panel-${id}`;

/** WAI-ARIA tabs: arrow keys (mirrored right to left), Home and End move between them. */
export function Tabs({ tabs, active, onChange, label, dirtyLabel }: { tabs: TabDef[]; active: string; onChange: (id: string) => void; label: string; dirtyLabel: string }) {
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const onKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step: Record<string, number> = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 };
    let next: number | undefined;
    if (event.key in step) next = (index + (step[event.key] ?? 0) + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    const tab = next === undefined ? undefined : tabs[next];
    if (tab === undefined) return;
    event.preventDefault();
    onChange(tab.id);
    refs.current[tab.id]?.focus();
  };
  return (
    <List role="tablist" aria-label={label}>
      {tabs.map((tab, index) => (
        <Tab
          key={tab.id}
          ref={(node) => {
            refs.current[tab.id] = node;
          }}
          type="button"
          role="tab"
          id={tabId(tab.id)}
          aria-controls={panelId(tab.id)}
          aria-selected={tab.id === active}
          tabIndex={tab.id === active ? 0 : -1}
          $active={tab.id === active}
          onClick={() => onChange(tab.id)}
          onKeyDown={(event) => onKey(event, index)}
          data-testid={tabId(tab.id)}
        >
          {tab.label}
          {tab.dirty ? (
            <>
              <Dot aria-hidden="true" />
              <span className="visually-hidden">{dirtyLabel}</span>
            </>
          ) : null}
        </Tab>
      ))}
    </List>
  );
}
