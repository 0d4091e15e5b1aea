import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOTSTRAP_KEY } from '../../api/bootstrap';
import { api } from '../../api/client';
import { useToast } from '../../ui/toasts';
import { SITE_KEY, type Section, type SectionName, type SiteData } from './model';

/**
 * A tab's editable copy of what the server holds. It starts again from the server's copy whenever
 * that changes (after this tab saves), but not when another tab saves a different section.
 */
export function useDraft<T>(source: T, onDirty: (dirty: boolean) => void) {
  const sourceKey = JSON.stringify(source);
  const [baseKey, setBaseKey] = useState(sourceKey);
  const [draft, setDraft] = useState<T>(source);
  if (sourceKey !== baseKey) {
    setBaseKey(sourceKey);
    setDraft(source);
  }
  const dirty = JSON.stringify(draft) !== sourceKey;
  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  return { draft, setDraft, dirty, reset: () => setDraft(JSON.parse(sourceKey) as T) };
}

/** Saves one section with PUT /api/account/site; the answer becomes the cached site. */
export function useSaveSite(refreshBootstrap = false) {
  const { t } = useTranslation('site');
  const toast = useToast();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<Record<SectionName, Section>>) => api<SiteData>('/api/account/site', { method: 'PUT', body }),
    onSuccess: (site) => {
      queries.setQueryData(SITE_KEY, site);
      toast(t('site.saved'));
      if (refreshBootstrap) void queries.invalidateQueries({ queryKey: BOOTSTRAP_KEY });
    },
  });
}

export interface TabProps {
  site: SiteData;
  onDirty: (dirty: boolean) => void;
}
