import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { CACHE } from './cache-times';
import type { ThemeName } from '../theme/themes';

export interface MenuItem {
  id: string;
  label: string;
  path: string;
  icon?: string;
  plugin?: string;
}

export interface Bootstrap {
  account: {
    id: string;
    slug: string;
    name: string;
    site_url: string;
    docs_url: string;
    plan: string;
    is_platform: boolean;
    default_language: string;
    currency: string;
    onboard: boolean;
    sitetitle: string | null;
    logo: string | null;
    dark_logo: string | null;
    icon: string | null;
    logo_width: number;
  };
  member: { user_id: string; name: string; email: string | null; avatar: string | null; role: { slug: string; name: string } | null; caps: string[] };
  is_super_admin: boolean;
  features: string[];
  /** Plugins on for the account (folder names under plugins/): their blocks join the visual editor. */
  plugins: string[];
  menu: { mode: 'account' | 'super'; sidebar: MenuItem[]; profile: MenuItem[]; quick: MenuItem[]; createMenu: boolean };
  preferences: { theme: ThemeName; language: string | null; sidebar_open: boolean };
  tour: { step: number; done: boolean } | null;
  languages: string[];
}

export const BOOTSTRAP_KEY = ['bootstrap'] as const;

/** The shell's data: menus and capabilities change with the member's role, so it is cached as the role is (50 s). */
export function useBootstrap() {
  return useQuery({ queryKey: BOOTSTRAP_KEY, queryFn: () => api<Bootstrap>('/api/dashboard/bootstrap'), staleTime: CACHE.role });
}

export const can = (boot: Bootstrap, cap: string) => boot.member.caps.includes(cap);
