import { api, CACHE } from '@lectern/admin/kit';
import { useQuery } from '@tanstack/react-query';
import { API, keys, type Category } from './model';

/** The site's course categories (the first hundred, by name): filters and the course form share them. */
export function useCategories() {
  return useQuery({
    queryKey: keys.categories,
    queryFn: () => api<{ items: Category[]; total: number }>(`${API}/categories`, { query: { limit: 100 } }),
    staleTime: CACHE.role,
  });
}
