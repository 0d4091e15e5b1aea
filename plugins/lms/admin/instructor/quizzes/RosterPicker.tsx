import { api, Button, Field, Input, Muted, QueryView, Stack, useSearchInput } from '@lectern/admin/kit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { API, keys } from '../model';
import type { RosterEntry } from '../students/model';
import { ROSTER_MATCHES } from './model';

const Matches = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.35rem;
  li {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 0.75rem;
    flex-wrap: wrap;
  }
`;

/**
 * Finds a student of the course by name or email (only enrolled students may be assigned a
 * quiz, so the roster is the pool); students already assigned are shown but not offered again.
 */
export function RosterPicker({
  courseId,
  assigned,
  busy,
  onPick,
}: {
  courseId: string;
  assigned: Set<string>;
  busy: boolean;
  onPick: (student: { id: string; name: string }) => void;
}) {
  const { t } = useTranslation('lms-instructor');
  const { typed, setTyped, search } = useSearchInput(() => undefined);
  const roster = useQuery({
    queryKey: [...keys.roster(courseId), 'picker', search],
    queryFn: () => api<{ items: RosterEntry[]; total: number }>(`${API}/roster/${courseId}`, { query: { search: search || undefined, limit: ROSTER_MATCHES } }),
    placeholderData: keepPreviousData,
  });
  const nameOf = (s: RosterEntry) => s.name || s.email || t('assign.unnamed');

  return (
    <Stack $gap="0.5rem">
      <Field label={t('assign.search')} hint={t('assign.searchHint')}>
        <Input type="search" value={typed} onChange={(e) => setTyped(e.target.value)} maxLength={200} data-testid="assign-search" />
      </Field>
      <QueryView
        query={roster}
        isEmpty={(data) => data.items.length === 0}
        empty={<Muted data-testid="assign-no-match">{search === '' ? t('assign.noStudents') : t('assign.noMatch')}</Muted>}
      >
        {(data) => (
          <>
            <Matches aria-label={t('assign.matches')} aria-busy={roster.isFetching}>
              {data.items.map((student) => {
                const already = assigned.has(student.student_id);
                return (
                  <li key={student.student_id} data-testid="assign-match" data-student={student.student_id}>
                    <span>
                      {nameOf(student)}
                      {student.email !== null && student.name !== '' ? <Muted as="span"> · {student.email}</Muted> : null}
                    </span>
                    <Button
                      type="button"
                      $variant="secondary"
                      disabled={busy || already}
                      onClick={() => onPick({ id: student.student_id, name: nameOf(student) })}
                      aria-label={already ? t('assign.alreadyLabel', { name: nameOf(student) }) : t('assign.assignLabel', { name: nameOf(student) })}
                      data-testid="assign-student"
                    >
                      {already ? t('assign.already') : t('assign.assign')}
                    </Button>
                  </li>
                );
              })}
            </Matches>
            {data.total > data.items.length ? <Muted>{t('assign.more')}</Muted> : null}
          </>
        )}
      </QueryView>
    </Stack>
  );
}
