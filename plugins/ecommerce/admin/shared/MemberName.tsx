import { api, CACHE, Muted, useBootstrap } from '@lectern/admin/kit';
import type { MemberEmailWire } from '@lectern/sdk/wire';
import { useQuery } from '@tanstack/react-query';

/**
 * A member's name (or email) from their user id, through the kernel's id → name route, cached as
 * roles are; a user who is no longer a member shows the start of the id.
 */
export function MemberName({ id }: { id: string }) {
  const accountId = useBootstrap().data?.account.id;
  const user = useQuery({
    queryKey: ['ecommerce', 'member-name', id],
    queryFn: () =>
      api<MemberEmailWire>('/api/users/getUserEmailById', {
        method: 'POST',
        body: { user_id: id, account_id: accountId },
      }),
    enabled: accountId !== undefined,
    staleTime: CACHE.role,
  });
  const found = user.data?.status === true ? user.data.user : null;
  if (found === null) return <Muted as="span">{id.slice(0, 8)}</Muted>;
  return (
    <span>
      {found.name || found.email}
      {found.name !== '' && found.email !== '' ? <Muted as="span"> · {found.email}</Muted> : null}
    </span>
  );
}
