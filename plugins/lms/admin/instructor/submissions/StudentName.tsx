import { api, CACHE, Muted, useBootstrap } from '@lectern/admin/kit';
import type { MemberEmailWire } from '@lectern/sdk/wire';
import { useQuery } from '@tanstack/react-query';

/**
 * A student's name. The grading queues carry it (`name`); where it is blank or missing (a member
 * without a name, the single-submission view) the kernel's id → name route is asked, cached.
 */
export function StudentName({ id, name }: { id: string; name?: string }) {
  const accountId = useBootstrap().data?.account.id;
  const known = name !== undefined && name !== '';
  const user = useQuery({
    queryKey: ['lms', 'member-name', id],
    queryFn: () =>
      api<MemberEmailWire>('/api/users/getUserEmailById', {
        method: 'POST',
        body: { user_id: id, account_id: accountId },
      }),
    enabled: accountId !== undefined && !known,
    staleTime: CACHE.role,
  });
  if (known) return <span>{name}</span>;
  const found = user.data?.status === true ? user.data.user.name || user.data.user.email : '';
  return found === '' ? <Muted as="span">{id.slice(0, 8)}</Muted> : <span>{found}</span>;
}
