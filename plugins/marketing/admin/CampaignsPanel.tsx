import { api, Badge, Button, Card, DataTable, EmptyState, Icon, ProgressBar, QueryView, Row, Stack, TableScroll } from '@lectern/admin/kit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CampaignEditor } from './CampaignEditor';
import { API, campaignKeys, type MarketingCampaign } from './model';
import { RowAction, useConfirmedDelete } from './row-actions';

const TONES = { draft: undefined, scheduled: 'info', sending: 'warning', sent: 'success', stopped: 'danger' } as const;

/**
 * SPEC §2 /emails (campaigns): the site's campaigns with their send's progress, opens and clicks; a
 * draft is composed and sent from the editor, a sent one opened to read its figures; a campaign not
 * being sent is deleted after a confirmation. The list refreshes itself while a send is going on.
 */
export function CampaignsPanel() {
  const { t, i18n } = useTranslation('marketing-admin');
  const [open, setOpen] = useState<string | null | undefined>(undefined);
  const campaigns = useQuery({
    queryKey: campaignKeys.all,
    queryFn: () => api<{ items: MarketingCampaign[] }>(`${API}/campaigns`),
    refetchInterval: (query) => (query.state.data?.items.some((item) => item.status === 'sending' || item.status === 'scheduled') ? 3000 : false),
  });
  const removal = useConfirmedDelete<MarketingCampaign>({
    path: (campaign) => `${API}/campaigns/${campaign.id}`,
    invalidate: campaignKeys.all,
    title: (campaign) => t('campaigns.deleteTitle', { name: campaign.name }),
    body: () => t('campaigns.deleteBody'),
    confirmLabel: t('campaigns.delete'),
    deleted: (campaign) => t('campaigns.deleted', { name: campaign.name }),
  });
  if (open !== undefined) return <CampaignEditor id={open} onDone={() => setOpen(undefined)} />;

  const number = new Intl.NumberFormat(i18n.language);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  const rate = (part: number, whole: number) => (whole === 0 ? '—' : percent.format(part / whole));
  return (
    <Stack style={{ marginTop: '1rem' }}>
      <div>
        <Button onClick={() => setOpen(null)} data-testid="new-campaign">
          <Icon name="plus" />
          {t('campaigns.new')}
        </Button>
      </div>
      <QueryView
        query={campaigns}
        isEmpty={(data) => data.items.length === 0}
        empty={<EmptyState title={t('campaigns.none')} hint={t('campaigns.noneHint')} />}
      >
        {(data) => (
          <Card>
            <TableScroll>
              <DataTable
                data-testid="campaign-table"
                columns={[
                  t('campaigns.name'),
                  t('campaigns.status'),
                  t('campaigns.progress'),
                  t('campaigns.opens'),
                  t('campaigns.clicks'),
                  <span className="visually-hidden">{t('actions')}</span>,
                ]}
              >
                {data.items.map((campaign) => {
                  const { recipients, sent, opened, clicked } = campaign.stats;
                  return (
                    <tr key={campaign.id} data-testid="campaign-row">
                      <td>{campaign.name}</td>
                      <td>
                        <Badge $tone={TONES[campaign.status]}>{t(`campaigns.statuses.${campaign.status}`)}</Badge>
                      </td>
                      <td style={{ minWidth: '9rem' }}>
                        {recipients === 0 ? (
                          '—'
                        ) : (
                          <>
                            <ProgressBar
                              ratio={sent / recipients}
                              tone="primary"
                              label={t('campaigns.progressLabel', { name: campaign.name })}
                              max={recipients}
                              now={sent}
                            />
                            <small>{t('campaigns.sentOf', { sent: number.format(sent), total: number.format(recipients) })}</small>
                          </>
                        )}
                      </td>
                      <td className="num">{rate(opened, sent)}</td>
                      <td className="num">{rate(clicked, sent)}</td>
                      <td>
                        <Row style={{ gap: '0.25rem', flexWrap: 'nowrap' }}>
                          <RowAction
                            icon={campaign.status === 'draft' ? 'pen' : 'eye'}
                            label={t(campaign.status === 'draft' ? 'campaigns.editLabel' : 'campaigns.viewLabel', { name: campaign.name })}
                            onClick={() => setOpen(campaign.id)}
                            testId="campaign-open"
                          />
                          <RowAction
                            icon="trash"
                            label={t('campaigns.deleteLabel', { name: campaign.name })}
                            onClick={() => removal.ask(campaign)}
                            disabled={campaign.status === 'sending'}
                            title={campaign.status === 'sending' ? t('campaigns.cannotDelete') : undefined}
                            testId="campaign-delete"
                          />
                        </Row>
                      </td>
                    </tr>
                  );
                })}
              </DataTable>
            </TableScroll>
          </Card>
        )}
      </QueryView>
      {removal.dialog}
    </Stack>
  );
}
