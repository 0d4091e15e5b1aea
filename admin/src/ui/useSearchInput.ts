import { useEffect, useRef, useState } from 'react';

/**
 * A search box's typed text and the trimmed search it settles into after a pause, so a list is not
 * fetched on every keystroke; `onSettle` runs as it settles (lists go back to their first page).
 */
export function useSearchInput(onSettle: () => void, delayMs = 300) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const settle = useRef(onSettle);
  settle.current = onSettle;
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
      settle.current();
    }, delayMs);
    return () => clearTimeout(timer);
  }, [typed, delayMs]);
  return { typed, setTyped, search, setSearch };
}
