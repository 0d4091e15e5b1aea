import { api, Button, Field, Input, Muted, Row, Select, Stack } from '@lectern/admin/kit';
import type { MemberListWire } from '@lectern/sdk/wire';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Person } from '../model';
import { ErrorText, Group } from '../ui';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The course's authors, main author first. Site managers pick other members by name (the member
 * list is theirs only); instructors add a colleague by user id. The server refuses members who may
 * not create courses (not_instructor), shown on this field.
 */
export function AuthorsField({
  value,
  onChange,
  manager,
  error,
}: {
  value: Person[];
  onChange: (authors: Person[]) => void;
  manager: boolean;
  error?: string;
}) {
  const { t } = useTranslation('lms-instructor');
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState('');
  const members = useQuery({
    queryKey: ['lms', 'members', search],
    queryFn: () => api<MemberListWire>('/api/account/members', { query: { search: search.trim() || undefined, limit: 20 } }),
    enabled: manager,
  });
  const candidates = (members.data?.members ?? []).filter((m) => !value.some((a) => a.id === m.user_id));
  const add = (person: Person) => {
    if (!value.some((a) => a.id === person.id)) onChange([...value, person]);
    setPicked('');
  };
  const move = (index: number) => {
    const next = [...value];
    const [main] = next.splice(index, 1);
    if (main !== undefined) onChange([main, ...next]);
  };
  return (
    <Group data-testid="course-authors">
      <legend>{t('details.authors')}</legend>
      <Stack $gap="0.5rem">
        <ul style={{ margin: 0, paddingInlineStart: '1.2rem' }}>
          {value.map((author, index) => (
            <li key={author.id}>
              <Row $gap="0.5rem" $wrap>
                <span>{author.name || author.id}</span>
                {index === 0 ? <Muted as="span">{t('details.mainAuthor')}</Muted> : null}
                {index > 0 ? (
                  <Button type="button" $variant="ghost" onClick={() => move(index)}>
                    {t('details.makeMain')}
                  </Button>
                ) : null}
                <Button
                  type="button"
                  $variant="ghost"
                  disabled={value.length === 1}
                  onClick={() => onChange(value.filter((a) => a.id !== author.id))}
                  aria-label={t('details.removeAuthor', { name: author.name || author.id })}
                >
                  {t('details.remove')}
                </Button>
              </Row>
            </li>
          ))}
        </ul>
        {manager ? (
          <Row $wrap style={{ alignItems: 'flex-end' }}>
            <Field label={t('details.findMember')}>
              <Input type="search" value={search} onChange={(e) => setSearch(e.target.value)} maxLength={200} />
            </Field>
            <Field label={t('details.member')}>
              <Select value={picked} onChange={(e) => setPicked(e.target.value)}>
                <option value="">—</option>
                {candidates.map((m) => (
                  <option key={m.user_id} value={m.user_id}>
                    {m.email === null ? m.name : `${m.name} (${m.email})`}
                  </option>
                ))}
              </Select>
            </Field>
            <Button
              type="button"
              $variant="secondary"
              disabled={picked === ''}
              onClick={() => {
                const member = candidates.find((m) => m.user_id === picked);
                if (member !== undefined) add({ id: member.user_id, name: member.name });
              }}
            >
              {t('details.addAuthor')}
            </Button>
          </Row>
        ) : (
          // Top-aligned, the button pushed down by the label's height: the hint under the input would
          // otherwise drag a bottom-aligned button below the input.
          <Row $wrap style={{ alignItems: 'flex-start' }}>
            <div style={{ flex: '1 1 14rem', minWidth: 0 }}>
              <Field label={t('details.authorId')} hint={t('details.authorIdHint')}>
                <Input value={picked} onChange={(e) => setPicked(e.target.value.trim())} maxLength={36} />
              </Field>
            </div>
            <Button
              type="button"
              $variant="secondary"
              disabled={!UUID.test(picked)}
              onClick={() => add({ id: picked, name: '' })}
              style={{ marginTop: '1.65rem', whiteSpace: 'nowrap' }}
            >
              {t('details.addAuthor')}
            </Button>
          </Row>
        )}
        {error ? <ErrorText role="alert">{error}</ErrorText> : null}
      </Stack>
    </Group>
  );
}
