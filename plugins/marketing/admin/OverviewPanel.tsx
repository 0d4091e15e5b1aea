import { api, Card, ChartCard, DataTable, EmptyState, Grid, QueryView, Select, Stack, StatTile, TableScroll } from '@lectern/admin/kit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTheme } from 'styled-components';
import type { MarketingReport } from '../src/reports/schemas.js';
import { API } from './model';

const WINDOWS = [7, 30, 90] as const;
const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);

/**
 * SPEC §2 /dashboard/manage/marketing, the marketing home (issue 19 item 7): contacts, lists, forms
 * and popups at a glance, new contacts a day against the running total, the recent campaigns' open
 * and click rates, and each form's views, submissions and conversion over 7, 30 or 90 days.
 */
export function OverviewPanel({ onOpen }: { onOpen: (tab: string) => void }) {
  const { t, i18n } = useTranslation('marketing-admin');
  const theme = useTheme();
  const [days, setDays] = useState<(typeof WINDOWS)[number]>(30);
  const report = useQuery({ queryKey: ['marketing', 'report', days], queryFn: () => api<MarketingReport>(`${API}/reports?days=${days}`) });
  const number = new Intl.NumberFormat(i18n.language);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  const day = new Intl.DateTimeFormat(i18n.language, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const axis = { stroke: theme.muted, tick: { fill: theme.muted, fontSize: 12 } };

  return (
    <Stack style={{ marginTop: '1rem' }}>
      <div>
        <label style={{ display: 'inline-flex', gap: '0.5rem', alignItems: 'center' }}>
          {t('overview.window')}
          <Select
            value={days}
            onChange={(e) => setDays(Number(e.target.value) as (typeof WINDOWS)[number])}
            data-testid="report-days"
            style={{ width: 'auto' }}
          >
            {WINDOWS.map((option) => (
              <option key={option} value={option}>
                {t('overview.lastDays', { days: option })}
              </option>
            ))}
          </Select>
        </label>
      </div>
      <QueryView query={report}>
        {(data) => {
          const added = data.subscribers.reduce((sum, entry) => sum + entry.added, 0);
          const points = data.subscribers.map((entry) => ({ label: day.format(new Date(`${entry.date}T00:00:00Z`)), added: entry.added, total: entry.total }));
          return (
            <Stack>
              <Grid $min="11rem">
                <StatTile
                  testId="overview-contacts"
                  label={t('overview.contacts')}
                  value={number.format(data.contacts.active)}
                  hint={t('overview.contactsHint', { pending: number.format(data.contacts.pending), unsubscribed: number.format(data.contacts.unsubscribed) })}
                />
                <StatTile testId="overview-added" label={t('overview.added')} value={number.format(added)} />
                <StatTile testId="overview-lists" label={t('overview.lists')} value={number.format(data.lists)} />
                <StatTile
                  testId="overview-forms"
                  label={t('overview.forms')}
                  value={number.format(data.forms.published)}
                  hint={t('overview.ofTotal', { total: number.format(data.forms.total) })}
                />
                <StatTile
                  testId="overview-popups"
                  label={t('overview.popups')}
                  value={number.format(data.popups.published)}
                  hint={t('overview.ofTotal', { total: number.format(data.popups.total) })}
                />
              </Grid>
              <ChartCard
                title={t('overview.subscribersChart')}
                testId="overview-subscribers"
                summary={t('overview.subscribersSummary', { added: number.format(added), total: number.format(data.subscribers.at(-1)?.total ?? 0) })}
              >
                <ResponsiveContainer width="100%" height="100%">
                  <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
                    <CartesianGrid stroke={theme.border} strokeDasharray="3 3" vertical={false} />
                    <XAxis dataKey="label" {...axis} interval="preserveStartEnd" minTickGap={16} />
                    <YAxis yAxisId="added" allowDecimals={false} {...axis} />
                    <YAxis yAxisId="total" orientation="right" allowDecimals={false} {...axis} />
                    <Tooltip
                      contentStyle={{ background: theme.surface, border: `1px solid ${theme.border}`, color: theme.text }}
                      cursor={{ fill: theme.surfaceAlt }}
                    />
                    <Bar
                      yAxisId="added"
                      dataKey="added"
                      name={t('overview.addedSeries')}
                      fill={theme.primary}
                      radius={[3, 3, 0, 0]}
                      isAnimationActive={false}
                    />
                    <Line
                      yAxisId="total"
                      dataKey="total"
                      name={t('overview.totalSeries')}
                      stroke={theme.success}
                      dot={false}
                      strokeWidth={2}
                      isAnimationActive={false}
                    />
                  </ComposedChart>
                </ResponsiveContainer>
              </ChartCard>
              {data.campaigns.length === 0 ? (
                <Card data-testid="overview-campaigns">
                  <h2 style={{ marginTop: 0, fontSize: '1.05rem' }}>{t('overview.campaignsChart')}</h2>
                  <EmptyState title={t('overview.noCampaigns')} hint={t('overview.noCampaignsHint')} />
                </Card>
              ) : (
                <ChartCard
                  title={t('overview.campaignsChart')}
                  testId="overview-campaigns"
                  summary={data.campaigns
                    .map((campaign) =>
                      t('overview.campaignSummary', {
                        name: campaign.name,
                        opened: percent.format(share(campaign.opened, campaign.sent)),
                        clicked: percent.format(share(campaign.clicked, campaign.sent)),
                      }),
                    )
                    .join('; ')}
                >
                  <ResponsiveContainer width="100%" height="100%">
                    <BarChart
                      data={[...data.campaigns].reverse().map((campaign) => ({
                        label: campaign.name,
                        opened: share(campaign.opened, campaign.sent),
                        clicked: share(campaign.clicked, campaign.sent),
                      }))}
                      margin={{ top: 8, right: 8, bottom: 0, left: -8 }}
                    >
                      <CartesianGrid stroke={theme.border} strokeDasharray="3 3" vertical={false} />
                      <XAxis dataKey="label" {...axis} />
                      <YAxis {...axis} domain={[0, 1]} tickFormatter={(value: number) => percent.format(value)} />
                      <Tooltip
                        formatter={(value) => percent.format(Number(value))}
                        contentStyle={{ background: theme.surface, border: `1px solid ${theme.border}`, color: theme.text }}
                        cursor={{ fill: theme.surfaceAlt }}
                      />
                      <Legend />
                      <Bar dataKey="opened" name={t('overview.openRate')} fill={theme.primary} radius={[3, 3, 0, 0]} isAnimationActive={false} />
                      <Bar dataKey="clicked" name={t('overview.clickRate')} fill={theme.success} radius={[3, 3, 0, 0]} isAnimationActive={false} />
                    </BarChart>
                  </ResponsiveContainer>
                </ChartCard>
              )}
              <Card data-testid="overview-form-table">
                <h2 style={{ marginTop: 0, fontSize: '1.05rem' }}>{t('overview.formsTitle')}</h2>
                {data.forms_activity.length === 0 ? (
                  <EmptyState title={t('overview.noFormActivity')} hint={t('overview.noFormActivityHint')} />
                ) : (
                  <TableScroll>
                    <DataTable columns={[t('forms.name'), t('overview.views'), t('forms.submissions'), t('overview.conversion')]}>
                      {data.forms_activity.map((form) => (
                        <tr key={form.id} data-testid="overview-form-row">
                          <td>
                            <button
                              type="button"
                              className="link-button"
                              onClick={() => onOpen('forms')}
                              style={{ all: 'unset', cursor: 'pointer', textDecoration: 'underline' }}
                            >
                              {form.name}
                            </button>
                          </td>
                          <td className="num">{number.format(form.views)}</td>
                          <td className="num">{number.format(form.submissions)}</td>
                          <td className="num">{form.views === 0 ? '—' : percent.format(form.submissions / form.views)}</td>
                        </tr>
                      ))}
                    </DataTable>
                  </TableScroll>
                )}
              </Card>
            </Stack>
          );
        }}
      </QueryView>
    </Stack>
  );
}
