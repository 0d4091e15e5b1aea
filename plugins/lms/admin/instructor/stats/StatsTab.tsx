import { api, Card, ChartCard, EmptyState, Grid, QueryView, Stack, StatTile } from '@lectern/admin/kit';
import { useQuery } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTheme } from 'styled-components';
import type { CourseStatsWire } from '../../../src/stats/schema.js';
import { API, keys } from '../model';

type CourseStats = CourseStatsWire;

/** The Statistics tab (GET /api/lms/courses/:id/stats): headline figures and three charts. */
export function StatsTab({ courseId }: { courseId: string }) {
  const { t, i18n } = useTranslation('lms-instructor');
  const theme = useTheme();
  const stats = useQuery({ queryKey: keys.stats(courseId), queryFn: () => api<CourseStats>(`${API}/courses/${courseId}/stats`) });
  const number = new Intl.NumberFormat(i18n.language);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent' });
  const day = new Intl.DateTimeFormat(i18n.language, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const axis = { stroke: theme.muted, tick: { fill: theme.muted, fontSize: 12 } };
  const tooltip = (
    <Tooltip contentStyle={{ background: theme.surface, border: `1px solid ${theme.border}`, color: theme.text }} cursor={{ fill: theme.surfaceAlt }} />
  );
  const grid = <CartesianGrid stroke={theme.border} strokeDasharray="3 3" vertical={false} />;
  const chart = (title: string, testId: string, body: ReactElement, summary: string) => (
    <ChartCard title={title} summary={summary} testId={testId}>
      <ResponsiveContainer width="100%" height="100%">
        {body}
      </ResponsiveContainer>
    </ChartCard>
  );

  return (
    <QueryView query={stats}>
      {(data) => {
        const enrolments = data.enrolments.map((d) => ({ label: day.format(new Date(`${d.date}T00:00:00Z`)), value: d.count }));
        const statuses = data.by_status.map((s) => ({ label: t(`studentStatus.${s.status}`), value: s.count }));
        const quizzes = data.quizzes.filter((q) => q.average_marks !== null).map((q) => ({ label: q.title, value: q.average_marks ?? 0 }));
        const recent = data.enrolments.reduce((sum, d) => sum + d.count, 0);
        return (
          <Stack>
            <Grid $min="11rem">
              <StatTile testId="stats-students" label={t('stats.students')} value={number.format(data.students)} />
              <StatTile testId="stats-progress" label={t('stats.averageProgress')} value={percent.format(data.average_progress / 100)} />
              <StatTile testId="stats-completion" label={t('stats.completionRate')} value={percent.format(data.completion_rate / 100)} />
              <StatTile testId="stats-recent" label={t('stats.recentEnrolments')} value={number.format(recent)} />
            </Grid>
            {chart(
              t('stats.enrolmentsChart'),
              'stats-enrolments',
              <BarChart data={enrolments} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
                {grid}
                <XAxis dataKey="label" {...axis} interval="preserveStartEnd" minTickGap={16} />
                <YAxis allowDecimals={false} {...axis} />
                {tooltip}
                <Bar dataKey="value" name={t('stats.enrolments')} fill={theme.primary} radius={[3, 3, 0, 0]} />
              </BarChart>,
              t('stats.enrolmentsSummary', { total: recent }),
            )}
            {chart(
              t('stats.statusChart'),
              'stats-status',
              <BarChart data={statuses} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
                {grid}
                <XAxis dataKey="label" {...axis} />
                <YAxis allowDecimals={false} {...axis} />
                {tooltip}
                <Bar dataKey="value" name={t('stats.studentsShort')} fill={theme.info} radius={[3, 3, 0, 0]} />
              </BarChart>,
              statuses.map((s) => `${s.label}: ${s.value}`).join(', '),
            )}
            {quizzes.length === 0 ? (
              <Card data-testid="stats-quizzes">
                <EmptyState title={t('stats.noQuizMarks')} />
              </Card>
            ) : (
              chart(
                t('stats.quizChart'),
                'stats-quizzes',
                <BarChart data={quizzes} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
                  {grid}
                  <XAxis dataKey="label" {...axis} />
                  <YAxis {...axis} />
                  {tooltip}
                  <Bar dataKey="value" name={t('stats.averageMarks')} fill={theme.success} radius={[3, 3, 0, 0]} />
                </BarChart>,
                quizzes.map((q) => `${q.label}: ${q.value}`).join(', '),
              )
            )}
          </Stack>
        );
      }}
    </QueryView>
  );
}
