import { Input, Muted } from '@lectern/admin/kit';
import { useId, useState } from 'react';
import styled from 'styled-components';

const Box = styled.fieldset`
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 6px;
  padding: 0.5rem 0.75rem 0.75rem;
  margin: 0;
  min-width: 0;
  legend {
    font-weight: 600;
    font-size: 0.9rem;
    padding: 0 0.25rem;
  }
  ul {
    list-style: none;
    margin: 0.5rem 0 0;
    padding: 0;
    max-height: 14rem;
    overflow-y: auto;
  }
  li label {
    display: flex;
    gap: 0.5rem;
    align-items: center;
    padding: 0.25rem 0;
    cursor: pointer;
    overflow-wrap: anywhere;
  }
  .error {
    color: ${(p) => p.theme.danger};
    font-size: 0.85rem;
  }
`;

/** More options than this get a filter box above them. */
const FILTER_FROM = 8;

/**
 * A labelled multi-select as checkboxes (keyboard and touch friendly at any width), with a filter
 * box for long lists; selected options stay listed first so they are easy to find and untick.
 * With `search`, the box is always there and the caller filters (a server search): the options
 * are then shown as given.
 */
export function CheckList({
  legend,
  options,
  selected,
  onChange,
  filterLabel,
  emptyText,
  hint,
  error,
  note,
  search,
  testId,
}: {
  legend: string;
  options: Array<{ id: string; label: string }>;
  selected: readonly string[];
  onChange: (ids: string[]) => void;
  filterLabel: string;
  emptyText: string;
  hint?: string;
  error?: string | null;
  /** A line under the list (e.g. that a search matched more than is shown). */
  note?: string | null;
  search?: { value: string; onChange: (text: string) => void };
  testId?: string;
}) {
  const id = useId();
  const [localFilter, setLocalFilter] = useState('');
  const filter = search === undefined ? localFilter : search.value;
  const setFilter = search === undefined ? setLocalFilter : search.onChange;
  const needle = search === undefined ? filter.trim().toLocaleLowerCase() : '';
  const chosen = new Set(selected);
  const shown = options
    .filter((option) => chosen.has(option.id) || needle === '' || option.label.toLocaleLowerCase().includes(needle))
    .sort((a, b) => Number(chosen.has(b.id)) - Number(chosen.has(a.id)));
  const toggle = (optionId: string, on: boolean) => onChange(on ? [...selected, optionId] : selected.filter((x) => x !== optionId));
  return (
    <Box
      data-testid={testId}
      aria-describedby={[hint === undefined ? null : `${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined}
    >
      <legend>{legend}</legend>
      {hint === undefined ? null : (
        <Muted as="small" id={`${id}-hint`}>
          {hint}
        </Muted>
      )}
      {search !== undefined || options.length > FILTER_FROM ? (
        <Input
          type="search"
          aria-label={filterLabel}
          placeholder={filterLabel}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          style={{ marginTop: '0.5rem' }}
        />
      ) : null}
      {options.length === 0 ? (
        <Muted style={{ marginTop: '0.5rem' }}>{emptyText}</Muted>
      ) : (
        <ul>
          {shown.map((option) => (
            <li key={option.id}>
              <label>
                <input type="checkbox" checked={chosen.has(option.id)} onChange={(e) => toggle(option.id, e.target.checked)} value={option.id} />
                {option.label}
              </label>
            </li>
          ))}
        </ul>
      )}
      {note ? (
        <Muted as="small" style={{ display: 'block', marginTop: '0.35rem' }}>
          {note}
        </Muted>
      ) : null}
      {error ? (
        <span className="error" id={`${id}-error`} role="alert">
          {error}
        </span>
      ) : null}
    </Box>
  );
}
