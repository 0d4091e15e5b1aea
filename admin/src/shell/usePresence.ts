import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Bootstrap } from '../api/bootstrap';
import { supabase } from '../auth/supabase';

export interface OnlineMember {
  id: string;
  name: string;
  avatar: string | null;
}

function deviceId(): string {
  try {
    const known = sessionStorage.getItem('lectern-device');
    if (known !== null) return known;
    const fresh = crypto.randomUUID();
    sessionStorage.setItem('lectern-device', fresh);
    return fresh;
  } catch {
    return crypto.randomUUID();
  }
}

/**
 * SPEC §4: a signed-in dashboard joins the onlineUsers presence channel listing the members online;
 * a `notification` broadcast on it refreshes the notification and chat lists.
 */
export function usePresence(boot: Bootstrap | undefined): OnlineMember[] {
  const [online, setOnline] = useState<OnlineMember[]>([]);
  const queries = useQueryClient();
  const userId = boot?.member.user_id;
  useEffect(() => {
    if (boot === undefined || userId === undefined) return;
    const channel = supabase().channel('onlineUsers', { config: { presence: { key: userId } } });
    channel
      .on('presence', { event: 'sync' }, () => {
        const state = channel.presenceState<{ user?: { id: string; name: string; avatar: string | null } }>();
        const members = new Map<string, OnlineMember>();
        for (const metas of Object.values(state)) {
          for (const meta of metas)
            if (meta.user !== undefined) members.set(meta.user.id, { id: meta.user.id, name: meta.user.name, avatar: meta.user.avatar });
        }
        setOnline([...members.values()]);
      })
      .on('broadcast', { event: 'notification' }, () => {
        void queries.invalidateQueries({ queryKey: ['notifications'] });
        void queries.invalidateQueries({ queryKey: ['chat'] });
      })
      .subscribe((status) => {
        if (status !== 'SUBSCRIBED') return;
        void channel.track({
          device_id: deviceId(),
          info: { agent: navigator.userAgent.slice(0, 120) },
          user: { id: userId, name: boot.member.name, email: boot.member.email, avatar: boot.member.avatar, account_id: boot.account.id },
        });
      });
    return () => {
      void supabase().removeChannel(channel);
    };
    // The channel follows the member, not every refetch of the bootstrap.
  }, [userId, queries]);
  return online;
}
