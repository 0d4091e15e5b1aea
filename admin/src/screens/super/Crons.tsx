import type { CronListWire, CronWire, JobListWire, JobRetryWire, JobWire, QueuedJobWire } from '@lectern/sdk/wire';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { PageHeader } from '../../ui/PageHeader';
import { Pagination } from '../../ui/Pagination';
import { DataTable } from '../../ui/DataTable';
import { Badge, Button, Card, Muted, Row, Stack, type Tone } from '../../ui/primitives';
import { QueryView } from '../../ui/QueryView';
import { EmptyState, errorText } from '../../ui/states';
import { TableScroll } from '../../ui/TableScroll';
import { useToast } from '../../ui/toasts';
import { DateCell } from './shared';

/**
 * A job as GET /api/platform/jobs answers it. Its schema leaves the fields unmarked (the documented
 * protocol), but the server always sends each one (core/src/jobs/job-service.ts JobRecord).
 */
type Job = Required<JobWire>;
type JobList = Omit<JobListWire, 'jobs'> & { jobs: Job[] };
type JobRetry = Omit<JobRetryWire, 'job'> & { job: Job };

/** core/src/jobs/job-service.ts JOB_STATES and the colour each is drawn in. */
const STATE_TONE: Record<string, Tone> = { created: 'neutral', retry: 'warning', active: 'info', completed: 'success', cancelled: 'neutral', failed: 'danger' };
const CRONS_ROOT = 'platform-crons';
const JOBS_ROOT = 'platform-home';
const JOBS_LIMIT = 20;

function StateBadge({ state }: { state: string }) {
  const { t } = useTranslation('platform');
  return (
    <Badge $tone={STATE_TONE[state] ?? 'neutral'} data-state={state}>
      {t(`platform.jobState.${state}`, { defaultValue: state })}
    </Badge>
  );
}

/** SPEC §2 super-admin /dashboard/maintenance/crons: the scheduled jobs, running one now, and retrying failed jobs. */
export default function Crons() {
  const { t, i18n } = useTranslation('platform');
  const toast = useToast();
  const queries = useQueryClient();
  const [running, setRunning] = useState<CronWire | null>(null);
  const crons = useQuery({ queryKey: [CRONS_ROOT], queryFn: () => api<CronListWire>('/api/platform/crons') });
  const run = useMutation({
    mutationFn: (name: string) => api<QueuedJobWire>(`/api/platform/crons/${encodeURIComponent(name)}/run`, { method: 'POST', body: {} }),
    onSuccess: (job, name) => {
      setRunning(null);
      toast(t('platform.crons.queued', { name, id: job.id }));
      void queries.invalidateQueries({ queryKey: [CRONS_ROOT] });
    },
    onError: (failure) => {
      setRunning(null);
      toast(errorText(t, failure), 'danger');
    },
  });
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  const when = (value: string | null | undefined) =>
    value === null || value === undefined ? <Muted as="span">—</Muted> : <time dateTime={value}>{format.format(new Date(value))}</time>;
  return (
    <>
      <PageHeader
        title={t('platform.crons.title')}
        actions={
          <Button $variant="secondary" onClick={() => void queries.invalidateQueries({ queryKey: [CRONS_ROOT] })} disabled={crons.isFetching}>
            {t('platform.crons.refresh')}
          </Button>
        }
      />
      <Stack>
        <section aria-labelledby="scheduled-jobs">
          <h2 id="scheduled-jobs" style={{ marginTop: 0 }}>
            {t('platform.crons.scheduled')}
          </h2>
          <QueryView query={crons} isEmpty={(data) => data.crons.length === 0} empty={<EmptyState title={t('platform.crons.none')} />}>
            {(data) => (
              <Card>
                <TableScroll>
                  <DataTable
                    columns={[
                      t('common.name'),
                      t('platform.crons.column.cron'),
                      t('platform.crons.column.timezone'),
                      t('platform.crons.column.lastRun'),
                      t('platform.crons.column.started'),
                      t('platform.crons.column.completed'),
                      t('common.actions'),
                    ]}
                  >
                    {data.crons.map((cron) => (
                      <tr key={cron.name} data-cron={cron.name}>
                        <td>
                          <strong>{cron.name}</strong>
                          <Muted as="small" style={{ display: 'block' }}>
                            {cron.account_id === null ? t('platform.crons.platformJob') : t('platform.crons.accountJob')}
                          </Muted>
                        </td>
                        <td className="nowrap" dir="ltr" style={{ textAlign: 'start' }}>
                          <code>{cron.cron}</code>
                        </td>
                        <td className="nowrap">{cron.timezone}</td>
                        <td>{cron.last_run === null ? <Muted as="span">{t('platform.crons.never')}</Muted> : <StateBadge state={cron.last_run.state} />}</td>
                        <td className="nowrap">{when(cron.last_run?.started_at)}</td>
                        <td className="nowrap">{when(cron.last_run?.completed_at)}</td>
                        <td>
                          <Button
                            $variant="secondary"
                            onClick={() => setRunning(cron)}
                            disabled={run.isPending}
                            aria-label={t('platform.crons.runNamed', { name: cron.name })}
                            data-testid={`run-${cron.name}`}
                          >
                            {t('platform.crons.run')}
                          </Button>
                        </td>
                      </tr>
                    ))}
                  </DataTable>
                </TableScroll>
              </Card>
            )}
          </QueryView>
        </section>
        <FailedJobs />
      </Stack>
      <ConfirmDialog
        open={running !== null}
        title={t('platform.crons.confirmRun', { name: running?.name ?? '' })}
        body={t('platform.crons.confirmRunBody')}
        confirmLabel={t('platform.crons.run')}
        danger={false}
        busy={run.isPending}
        onConfirm={() => running !== null && run.mutate(running.name)}
        onClose={() => setRunning(null)}
      />
    </>
  );
}

function FailedJobs() {
  const { t, i18n } = useTranslation('platform');
  const toast = useToast();
  const queries = useQueryClient();
  const [offset, setOffset] = useState(0);
  const jobs = useQuery({
    queryKey: [JOBS_ROOT, 'jobs', 'failed-list', offset],
    queryFn: () => api<JobList>('/api/platform/jobs', { query: { state: 'failed', limit: JOBS_LIMIT, offset } }),
  });
  const retry = useMutation({
    mutationFn: (id: string) => api<JobRetry>(`/api/platform/jobs/${id}/retry`, { method: 'POST', body: {} }),
    onSuccess: ({ job }) => {
      toast(t('platform.jobs.retrying', { name: job.name }));
      void queries.invalidateQueries({ queryKey: [JOBS_ROOT] });
      void queries.invalidateQueries({ queryKey: [CRONS_ROOT] });
    },
    onError: (failure) => {
      toast(errorText(t, failure), 'danger');
      void queries.invalidateQueries({ queryKey: [JOBS_ROOT] });
    },
  });
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  return (
    <section aria-labelledby="failed-jobs" id="failed">
      <Row style={{ justifyContent: 'space-between', marginBottom: '0.75rem' }} $wrap>
        <h2 id="failed-jobs" style={{ margin: 0 }}>
          {t('platform.jobs.title')}
        </h2>
        {jobs.data === undefined ? null : <Muted>{t('platform.jobs.count', { count: jobs.data.total })}</Muted>}
      </Row>
      <QueryView
        query={jobs}
        isEmpty={(data) => data.jobs.length === 0}
        empty={<EmptyState title={offset > 0 ? t('platform.jobs.nonePage') : t('platform.jobs.none')} />}
      >
        {(data) => (
          <Card>
            <TableScroll>
              <DataTable
                columns={[
                  t('common.name'),
                  t('platform.jobs.column.error'),
                  t('platform.jobs.column.tries'),
                  t('platform.jobs.column.created'),
                  t('platform.jobs.column.failed'),
                  t('common.actions'),
                ]}
              >
                {data.jobs.map((job) => (
                  <tr key={job.id} data-job={job.id}>
                    <td>
                      <strong>{job.name}</strong>
                      <Muted as="small" style={{ display: 'block' }} dir="ltr">
                        {job.id}
                      </Muted>
                    </td>
                    <td style={{ overflowWrap: 'anywhere', minWidth: '12rem' }}>{job.last_error ?? <Muted as="span">{t('platform.jobs.noError')}</Muted>}</td>
                    <td className="num">{t('platform.jobs.tries', { count: job.retry_count, limit: job.retry_limit })}</td>
                    <DateCell at={job.created_at} format={format} />
                    <td className="nowrap">
                      {job.completed_at === null ? (
                        <Muted as="span">—</Muted>
                      ) : (
                        <time dateTime={job.completed_at}>{format.format(new Date(job.completed_at))}</time>
                      )}
                    </td>
                    <td>
                      <Button
                        $variant="secondary"
                        onClick={() => retry.mutate(job.id)}
                        disabled={retry.isPending && retry.variables === job.id}
                        aria-label={t('platform.jobs.retryNamed', { name: job.name })}
                        data-testid={`retry-${job.id}`}
                      >
                        {retry.isPending && retry.variables === job.id ? t('platform.jobs.retryingButton') : t('platform.jobs.retry')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </DataTable>
            </TableScroll>
            <Pagination offset={offset} limit={JOBS_LIMIT} total={data.total} onChange={setOffset} />
          </Card>
        )}
      </QueryView>
    </section>
  );
}
