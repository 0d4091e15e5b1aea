import {
  api,
  Button,
  Card,
  ConfirmDialog,
  DataTable,
  EmptyState,
  errorText,
  Field,
  Input,
  Muted,
  Pagination,
  ProgressBar,
  QueryView,
  Row,
  Select,
  Stack,
  TableScroll,
  useSearchInput,
  useToast,
} from '@lectern/admin/kit';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API, keys, PAGE_SIZE, STUDENT_STATUSES } from '../model';
import { AddStudentForm } from './AddStudentForm';
import { BulkEnrol } from './BulkEnrol';
import type { RosterEntry } from './model';

type Pending = { action: 'reset' | 'remove'; student: RosterEntry };

/** The Students tab: the roster (search, paging), status changes, reset and removal after a confirmation, enrolment by hand or CSV. */
export function StudentsTab({ courseId }: { courseId: string }) {
  const { t, i18n } = useTranslation('lms-instructor');
  const toast = useToast();
  const queries = useQueryClient();
  const [offset, setOffset] = useState(0);
  const { typed, setTyped, search } = useSearchInput(() => setOffset(0));
  const [pending, setPending] = useState<Pending | null>(null);
  const roster = useQuery({
    queryKey: [...keys.roster(courseId), { search, offset }],
    queryFn: () =>
      api<{ items: RosterEntry[]; total: number }>(`${API}/roster/${courseId}`, { query: { search: search || undefined, limit: PAGE_SIZE, offset } }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => {
    void queries.invalidateQueries({ queryKey: keys.roster(courseId) });
    void queries.invalidateQueries({ queryKey: keys.stats(courseId) });
  };
  const setStatus = useMutation({
    mutationFn: ({ student, status }: { student: RosterEntry; status: number }) =>
      api<{ message?: string }>(`${API}/roster/${courseId}/${student.student_id}/status`, { method: 'PUT', body: { status } }),
    onSuccess: (result) => {
      // The server names its message by key (courses.courseStatusUpdated); it is translated here.
      toast(t(result.message ?? 'courses.courseStatusUpdated'));
      refresh();
    },
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  const act = useMutation({
    mutationFn: ({ action, student }: Pending) =>
      action === 'reset'
        ? api(`${API}/roster/${courseId}/${student.student_id}/reset`, { method: 'POST', body: {} })
        : api(`${API}/roster/${courseId}/${student.student_id}`, { method: 'DELETE' }),
    onSuccess: (_r, { action, student }) => {
      setPending(null);
      toast(t(action === 'reset' ? 'students.wasReset' : 'students.removed', { name: student.name || student.email || student.student_id }));
      refresh();
      if (action === 'remove') {
        void queries.invalidateQueries({ queryKey: keys.course(courseId) });
        void queries.invalidateQueries({ queryKey: keys.courses });
      }
    },
    onError: (failure) => {
      setPending(null);
      toast(errorText(t, failure), 'danger');
    },
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const nameOf = (s: RosterEntry) => s.name || s.email || s.student_id;

  return (
    <Stack>
      <AddStudentForm courseId={courseId} />
      <div style={{ maxWidth: '24rem' }}>
        <Field label={t('students.search')}>
          <Input type="search" value={typed} onChange={(e) => setTyped(e.target.value)} maxLength={200} data-testid="roster-search" />
        </Field>
      </div>
      <QueryView
        query={roster}
        isEmpty={(data) => data.items.length === 0 && offset === 0}
        empty={<EmptyState title={search === '' ? t('students.none') : t('students.noneMatching')} hint={search === '' ? t('students.noneHint') : undefined} />}
      >
        {(data) => (
          <Card>
            <TableScroll>
              <DataTable
                data-testid="roster"
                columns={[
                  t('students.column.student'),
                  t('students.column.status'),
                  t('students.column.progress'),
                  t('students.column.marks'),
                  t('students.column.enrolled'),
                  t('students.column.actions'),
                ]}
              >
                {data.items.map((student) => (
                  <tr key={student.student_id} data-testid="roster-row" data-student={student.student_id}>
                    <td>
                      {student.name || <Muted as="span">{t('students.unnamed')}</Muted>}
                      {student.email === null ? null : <Muted>{student.email}</Muted>}
                    </td>
                    <td>
                      <Select
                        style={{ minWidth: '9rem' }}
                        value={student.status}
                        disabled={setStatus.isPending}
                        onChange={(e) => setStatus.mutate({ student, status: Number(e.target.value) })}
                        aria-label={t('students.statusOf', { name: nameOf(student) })}
                        data-testid="roster-status"
                      >
                        {STUDENT_STATUSES.map((status) => (
                          <option key={status} value={status}>
                            {t(`studentStatus.${status}`)}
                          </option>
                        ))}
                      </Select>
                    </td>
                    <td style={{ minWidth: '8rem' }}>
                      <Row $gap="0.5rem">
                        <ProgressBar
                          ratio={student.progress / 100}
                          tone="primary"
                          label={t('students.progressOf', { name: nameOf(student) })}
                          max={100}
                          now={student.progress}
                          style={{ flex: 1 }}
                        />
                        <span className="tabular">{student.progress}%</span>
                      </Row>
                    </td>
                    <td className="num">{student.marks}</td>
                    <td className="nowrap">
                      <time dateTime={student.enrolled_at}>{date.format(new Date(student.enrolled_at))}</time>
                    </td>
                    <td className="nowrap">
                      <Row $gap="0.25rem">
                        <Button
                          type="button"
                          $variant="ghost"
                          onClick={() => setPending({ action: 'reset', student })}
                          aria-label={t('students.resetNamed', { name: nameOf(student) })}
                          data-testid="roster-reset"
                        >
                          {t('students.reset')}
                        </Button>
                        <Button
                          type="button"
                          $variant="ghost"
                          onClick={() => setPending({ action: 'remove', student })}
                          aria-label={t('students.removeNamed', { name: nameOf(student) })}
                          data-testid="roster-remove"
                        >
                          {t('students.remove')}
                        </Button>
                      </Row>
                    </td>
                  </tr>
                ))}
              </DataTable>
            </TableScroll>
            <Pagination offset={offset} limit={PAGE_SIZE} total={data.total} onChange={setOffset} />
          </Card>
        )}
      </QueryView>
      <BulkEnrol courseId={courseId} />
      <ConfirmDialog
        open={pending !== null}
        title={pending === null ? '' : t(pending.action === 'reset' ? 'students.confirmReset' : 'students.confirmRemove', { name: nameOf(pending.student) })}
        body={pending === null ? undefined : t(pending.action === 'reset' ? 'students.confirmResetBody' : 'students.confirmRemoveBody')}
        confirmLabel={pending?.action === 'reset' ? t('students.reset') : t('students.remove')}
        busy={act.isPending}
        onConfirm={() => pending !== null && act.mutate(pending)}
        onClose={() => setPending(null)}
      />
    </Stack>
  );
}
