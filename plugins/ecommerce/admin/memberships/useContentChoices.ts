import { api, ApiError, CACHE } from '@lectern/admin/kit';
import type { ContentSummaryWire } from '@lectern/sdk/wire';
import { keepPreviousData, useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { keys } from '../shared/model';

export type ContentType = ContentSummaryWire['type'];
/** The kernel's content types a level can keep for its members. */
export const CONTENT_TYPES = ['page', 'post'] as const satisfies readonly ContentType[];

/** A page or post as the picker needs it (the kernel's list and item answers carry more). */
export type ContentChoice = Pick<ContentSummaryWire, 'id' | 'type' | 'title' | 'status'>;

/** How many of each type one search answers (the kernel lists at most 100 a page); type more to narrow. */
const MATCHES = 50;

const choiceOf = ({ id, type, title, status }: ContentChoice): ContentChoice => ({ id, type, title, status });
const oneKey = (id: string) => [...keys.content, 'one', id] as const;

/** Every search answer also names its items by id, so a ticked item keeps its title when the search moves on. */
function remember(queries: QueryClient, items: readonly ContentChoice[]) {
  for (const item of items) queries.setQueryData(oneKey(item.id), item);
}

/**
 * Pages and posts matching a search (title or slug; latest edit first; every status) through the
 * kernel's editor lists GET /api/content/{pages|posts}?search&limit; `more` tells that the search
 * matched more than are shown.
 */
export function useContentSearch(search: string) {
  const queries = useQueryClient();
  return useQuery({
    queryKey: [...keys.content, 'search', search],
    queryFn: async () => {
      const lists = await Promise.all(
        CONTENT_TYPES.map((type) => api<{ items: ContentChoice[]; total: number }>(`/api/content/${type}s`, { query: { search, limit: MATCHES } })),
      );
      const items = lists.flatMap((list) => list.items.map(choiceOf));
      remember(queries, items);
      return { items, more: lists.some((list) => list.total > list.items.length) };
    },
    placeholderData: keepPreviousData,
    staleTime: CACHE.role,
  });
}

/** A page or post by id whatever its type (the kernel reads one type at a time), or null when it is gone. */
async function findContent(id: string): Promise<ContentChoice | null> {
  for (const type of CONTENT_TYPES) {
    try {
      return choiceOf(await api<ContentChoice>(`/api/content/${type}s/${id}`));
    } catch (failure) {
      if (!(failure instanceof ApiError && failure.status === 404)) throw failure;
    }
  }
  return null;
}

/**
 * The chosen pages and posts by id: those a search already answered come from the cache; the others
 * (a level's items beyond the latest edits) are read once each, after the first search has answered
 * (`ready`) so items it lists are not read twice. null = deleted since.
 */
export function useChosenContent(ids: readonly string[], ready: boolean): Map<string, ContentChoice | null> {
  const found = useQueries({ queries: ids.map((id) => ({ queryKey: oneKey(id), queryFn: () => findContent(id), staleTime: CACHE.profile, enabled: ready })) });
  const byId = new Map<string, ContentChoice | null>();
  ids.forEach((id, index) => {
    const answer = found[index];
    if (answer?.data !== undefined) byId.set(id, answer.data);
  });
  return byId;
}
