import type { Session } from '@supabase/supabase-js';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { supabase, type SiteConfig } from './supabase';

interface AuthState {
  /** undefined while the stored session is being read (INITIAL_SESSION not seen yet). */
  session: Session | null | undefined;
  site: SiteConfig;
}

const AuthContext = createContext<AuthState | null>(null);

/**
 * Follows supabase-js's auth events (SPEC §4): the session is set on sign-in and refresh and cleared
 * on sign-out; a password-recovery link lands on /login/reset-password.
 */
export function AuthProvider({ site, children }: { site: SiteConfig; children: ReactNode }) {
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  const navigate = useNavigate();
  const queries = useQueryClient();
  useEffect(() => {
    const { data } = supabase().auth.onAuthStateChange((event, next) => {
      setSession(next);
      if (event === 'PASSWORD_RECOVERY') navigate('/login/reset-password');
      if (event === 'SIGNED_OUT') queries.clear();
    });
    return () => data.subscription.unsubscribe();
  }, [navigate, queries]);
  return <AuthContext.Provider value={{ session, site }}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (state === null) throw new Error('useAuth outside AuthProvider');
  return state;
}

/** Signs out everywhere this browser knows of and leaves for the site's home (SPEC §2: logout goes to /). */
export async function signOut(): Promise<void> {
  await supabase().auth.signOut();
  window.location.assign('/');
}
