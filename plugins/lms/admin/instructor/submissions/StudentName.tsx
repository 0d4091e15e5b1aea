import { api, CACHE, Muted, useBootstrap } from '@lectern/admin/kit';
import { useQuery } from '@tanstack/react-query';

/**
 * A student's name for the grading queues, which carry only ids. Looked up one member at a time
 * (the kernel's id → name route), cached, so a queue page asks at most once per student.
 */
export function StudentName({ id }: { id: string }) {
  const accountId = useBootstrap().data?.account.id;
  const user = useQuery({
    queryKey: ['lms', 'member-name', id],
    queryFn: () => api<{ status: boolean; user: { name: string; email: string } }>('/api/users/getUserEmailById', { method: 'POST', body: { user_id: id, account_id: accountId } }),
    enabled: accountId !== undefined,
    staleTime: CACHE.role,
  });
  const found = user.data?.status === true ? user.data.user.name || user.data.user.email : '';
  return found === '' ? <Muted as="span">{id.slice(0, 8)}</Muted> : <span>{found}</span>;
}
