import type { BootstrapWire, VisibleEntryWire } from '@lectern/sdk/wire';
import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { CACHE } from './cache-times';

export type MenuItem = VisibleEntryWire;

/** GET /api/dashboard/bootstrap: the account, the member, their menus, preferences and tour. */
export type Bootstrap = BootstrapWire;

export const BOOTSTRAP_KEY = ['bootstrap'] as const;

/** The shell's data: menus and capabilities change with the member's role, so it is cached as the role is (50 s). */
export function useBootstrap() {
  return useQuery({ queryKey: BOOTSTRAP_KEY, queryFn: () => api<Bootstrap>('/api/dashboard/bootstrap'), staleTime: CACHE.role });
}

export const can = (boot: Bootstrap, cap: string) => boot.member.caps.includes(cap);
