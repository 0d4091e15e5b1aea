import { useEffect, useState } from 'react';
import { groupResults, SEARCH_DEBOUNCE_MS, searchUrl, shouldSearch, type SearchFilter, type SearchGroup } from './search-rules.js';

export interface SearchState {
  groups: SearchGroup[];
  loading: boolean;
  failed: boolean;
  /** The term the shown groups answer (lags the input while a search is pending). */
  settledTerm: string;
}

const IDLE: SearchState = { groups: [], loading: false, failed: false, settledTerm: '' };

/**
 * SPEC §5 search: nothing for an empty term; otherwise one request 500 ms after the last change
 * of term or filter. A newer request aborts the older one, so answers never arrive out of order.
 */
export function useSearch(term: string, filter: SearchFilter, fetcher: typeof fetch = fetch): SearchState {
  const [state, setState] = useState<SearchState>(IDLE);
  useEffect(() => {
    if (!shouldSearch(term)) {
      setState(IDLE);
      return;
    }
    setState((old) => ({ ...old, loading: true, failed: false }));
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetcher(searchUrl(term, filter), { headers: { accept: 'application/json' }, credentials: 'same-origin', signal: controller.signal })
        .then(async (response) => {
          if (!response.ok) throw new Error(`search ${response.status}`);
          const groups = groupResults(await response.json());
          setState({ groups, loading: false, failed: false, settledTerm: term });
        })
        .catch(() => {
          if (controller.signal.aborted) return;
          setState({ groups: [], loading: false, failed: true, settledTerm: term });
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term, filter, fetcher]);
  return state;
}
