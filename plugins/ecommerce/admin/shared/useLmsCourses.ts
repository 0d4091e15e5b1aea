import { api, ApiError, CACHE } from '@lectern/admin/kit';
import { useQuery } from '@tanstack/react-query';
import { keys } from './model';

export interface CourseOption {
  id: string;
  title: string;
  status: string;
}

/** The most courses a picker lists (the LMS pages its list by at most 100). */
const PICKER_LIMIT = 100;

/**
 * The LMS's courses for the course pickers (product course, membership courses), or null when the
 * LMS does not answer for this site (not installed or switched off: 404; not allowed: 403), and the
 * pickers hide. Other failures are errors the screen shows.
 */
export function useLmsCourses() {
  return useQuery({
    queryKey: keys.lmsCourses,
    queryFn: async (): Promise<CourseOption[] | null> => {
      try {
        const list = await api<{ items: CourseOption[] }>('/api/lms/courses', { query: { limit: PICKER_LIMIT } });
        return list.items.map(({ id, title, status }) => ({ id, title, status }));
      } catch (failure) {
        if (failure instanceof ApiError && (failure.status === 404 || failure.status === 403)) return null;
        throw failure;
      }
    },
    staleTime: CACHE.profile,
  });
}
