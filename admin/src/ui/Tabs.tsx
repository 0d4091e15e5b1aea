import { useRef, type KeyboardEvent, type ReactNode } from 'react';
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
  &:focus-visible {
    outline: 2px solid ${(p) => p.theme.focus};
    outline-offset: -2px;
  }
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
  dirty?: boolean;
}

/**
 * WAI-ARIA tabs: arrow keys (mirrored right to left), Home and End move between them. Tab and panel
 * ids are `<idPrefix>-tab-<id>` and `<idPrefix>-panel-<id>` (TabPanel uses the same); a dirty tab
 * shows a dot, read out as `dirtyLabel`.
 */
export function Tabs({
  tabs,
  active,
  onChange,
  label,
  idPrefix,
  dirtyLabel,
  testIdPrefix,
}: {
  tabs: TabDef[];
  active: string;
  onChange: (id: string) => void;
  label: string;
  idPrefix: string;
  dirtyLabel?: string;
  /** Adds data-testid `<testIdPrefix>-<id>` to each tab. */
  testIdPrefix?: string;
}) {
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const onKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step: Record<string, number> = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 };
    let next: number | undefined;
    if (event.key in step) next = (index + (step[event.key] ?? 0) + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[next];
    if (tab === undefined) return;
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
          id={`${idPrefix}-tab-${tab.id}`}
          aria-controls={`${idPrefix}-panel-${tab.id}`}
          aria-selected={tab.id === active}
          tabIndex={tab.id === active ? 0 : -1}
          $active={tab.id === active}
          onClick={() => onChange(tab.id)}
          onKeyDown={(event) => onKey(event, index)}
          data-tab={tab.id}
          data-testid={testIdPrefix === undefined ? undefined : `${testIdPrefix}-${tab.id}`}
        >
          {tab.label}
          {tab.dirty ? (
            <>
              <Dot aria-hidden="true" />
              {dirtyLabel === undefined ? null : <span className="visually-hidden">{dirtyLabel}</span>}
            </>
          ) : null}
        </Tab>
      ))}
    </List>
  );
}

/** A tab's panel; hidden panels stay mounted so unsaved edits survive switching tabs. */
export function TabPanel({ id, idPrefix, active, children }: { id: string; idPrefix: string; active: boolean; children: ReactNode }) {
  return (
    <div role="tabpanel" id={`${idPrefix}-panel-${id}`} aria-labelledby={`${idPrefix}-tab-${id}`} hidden={!active} tabIndex={0}>
      {children}
    </div>
  );
}
