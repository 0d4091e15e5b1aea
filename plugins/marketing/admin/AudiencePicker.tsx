import { api, ApiError, Field, Input, Muted, Stack, useBootstrap } from '@lectern/admin/kit';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CampaignAudience } from '../src/campaigns/blocks.js';
import { API, keys, type MailingList } from './model';

/** The audience as the composer edits it: the tags as typed (comma separated) until saved. */
export type AudienceDraft = Omit<CampaignAudience, 'tags'> & { tags: string };

/** The most courses the picker lists (the LMS pages its list by at most 100). */
const COURSE_CHOICES = 100;

export const audienceDraftOf = (audience: CampaignAudience | undefined): AudienceDraft => ({
  list_ids: audience?.list_ids ?? [],
  tags: (audience?.tags ?? []).join(', '),
  roles: audience?.roles ?? [],
  course_ids: audience?.course_ids ?? [],
  customers: audience?.customers ?? false,
});

/** The audience to send: the typed tags split, each once. */
export const audienceOfDraft = (draft: AudienceDraft): CampaignAudience => ({
  ...draft,
  tags: [
    ...new Set(
      draft.tags
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ],
});

const toggled = (ids: string[], id: string, on: boolean) => (on ? [...ids, id] : ids.filter((item) => item !== id));

function Choices({
  legend,
  items,
  chosen,
  onChange,
  testId,
}: {
  legend: string;
  items: Array<{ id: string; label: string }>;
  chosen: string[];
  onChange: (ids: string[]) => void;
  testId: string;
}) {
  if (items.length === 0) return null;
  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
      <legend style={{ fontWeight: 600, marginBottom: '0.25rem' }}>{legend}</legend>
      {items.map((item) => (
        <label key={item.id} style={{ display: 'flex', gap: '0.5rem', alignItems: 'center' }}>
          <input
            type="checkbox"
            checked={chosen.includes(item.id)}
            onChange={(e) => onChange(toggled(chosen, item.id, e.target.checked))}
            data-testid={testId}
          />
          {item.label}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * Whom a campaign goes to: lists and tags of contacts, and, where the site has them, members by
 * role, the students of courses (the LMS) and the shop's customers. Any one of them is enough.
 */
export function AudiencePicker({ value, onChange }: { value: AudienceDraft; onChange: (next: AudienceDraft) => void }) {
  const { t } = useTranslation('marketing-admin');
  const plugins = useBootstrap().data?.plugins ?? [];
  const lists = useQuery({ queryKey: keys.lists, queryFn: () => api<{ items: MailingList[] }>(`${API}/lists`) });
  const roles = useQuery({
    queryKey: ['marketing', 'audience', 'roles'],
    queryFn: () => api<{ roles: Array<{ id: string; name: string; member_count: number }> }>('/api/account/roles'),
  });
  const courses = useQuery({
    queryKey: ['marketing', 'audience', 'courses'],
    enabled: plugins.includes('lms'),
    queryFn: async () => {
      try {
        return (await api<{ items: Array<{ id: string; title: string }> }>('/api/lms/courses', { query: { limit: COURSE_CHOICES } })).items;
      } catch (failure) {
        // Not allowed to list the courses: the picker leaves them out.
        if (failure instanceof ApiError && (failure.status === 403 || failure.status === 404)) return [];
        throw failure;
      }
    },
  });
  const set = <K extends keyof AudienceDraft>(key: K, next: AudienceDraft[K]) => onChange({ ...value, [key]: next });

  return (
    <Stack>
      <Choices
        legend={t('campaigns.lists')}
        items={(lists.data?.items ?? []).map((list) => ({ id: list.id, label: list.name }))}
        chosen={value.list_ids}
        onChange={(ids) => set('list_ids', ids)}
        testId="campaign-list"
      />
      <Field label={t('campaigns.tags')} hint={t('campaigns.tagsHint')}>
        <Input value={value.tags} onChange={(e) => set('tags', e.target.value)} maxLength={900} />
      </Field>
      <Choices
        legend={t('campaigns.roles')}
        items={(roles.data?.roles ?? []).map((role) => ({ id: role.id, label: t('campaigns.roleChoice', { role: role.name, members: role.member_count }) }))}
        chosen={value.roles}
        onChange={(ids) => set('roles', ids)}
        testId="campaign-role"
      />
      <Choices
        legend={t('campaigns.courses')}
        items={(courses.data ?? []).map((course) => ({ id: course.id, label: course.title }))}
        chosen={value.course_ids}
        onChange={(ids) => set('course_ids', ids)}
        testId="campaign-course"
      />
      {plugins.includes('ecommerce') ? (
        <label style={{ display: 'flex', gap: '0.5rem', alignItems: 'center' }}>
          <input type="checkbox" checked={value.customers} onChange={(e) => set('customers', e.target.checked)} data-testid="campaign-customers" />
          {t('campaigns.customers')}
        </label>
      ) : null}
      {value.roles.length + value.course_ids.length > 0 || value.customers ? <Muted>{t('campaigns.membersHint')}</Muted> : null}
    </Stack>
  );
}
