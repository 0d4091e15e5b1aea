import { lazy, Suspense, useEffect, useState } from 'react';
import { useSite } from '../app/site-context.js';
import { SEARCH_OPEN_EVENT } from '../lib/events.js';
import { readHeader } from '../lib/site-settings.js';

const SearchDialog = lazy(() => import('./search-dialog.js'));

/** Ctrl+K / Cmd+K anywhere opens the search (SPEC §2 global search modal). */
export function isSearchShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';
}

/**
 * The global search (SPEC §2, §5): opened by the header's button, by `lectern:search-open`, or
 * Ctrl/Cmd+K while the owner has the header's search on (off, the browser keeps its own Ctrl+K);
 * filters all, courses, blog, pages, members.
 */
export function SearchModal() {
  const { data } = useSite();
  const shortcut = readHeader(data.shell).search;
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const show = () => setOpen(true);
    const onKey = (event: KeyboardEvent) => {
      if (shortcut && isSearchShortcut(event)) {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener(SEARCH_OPEN_EVENT, show);
    document.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener(SEARCH_OPEN_EVENT, show);
      document.removeEventListener('keydown', onKey);
    };
  }, [shortcut]);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SearchDialog onClose={() => setOpen(false)} />
    </Suspense>
  );
}
