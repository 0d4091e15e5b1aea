import type { PluginListWire } from '@lectern/sdk/wire';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { PageHeader } from '../../ui/PageHeader';
import { DataTable } from '../../ui/DataTable';
import { Badge, Card, Muted, Row } from '../../ui/primitives';
import { QueryView } from '../../ui/QueryView';
import { EmptyState } from '../../ui/states';
import { TableScroll } from '../../ui/TableScroll';
import { planLabel, PLUGINS_ROOT } from './shared';

/** SPEC §2 super-admin /dashboard/plugins: what is installed, which plans include it, and who uses it. */
export default function Plugins() {
  const { t, i18n } = useTranslation('platform');
  const list = useQuery({ queryKey: [PLUGINS_ROOT], queryFn: () => api<PluginListWire>('/api/platform/plugins') });
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <>
      <PageHeader title={t('platform.plugins.title')} />
      <QueryView
        query={list}
        isEmpty={(data) => data.plugins.length === 0}
        empty={<EmptyState title={t('platform.plugins.none')} hint={t('platform.plugins.noneHint')} />}
      >
        {(data) => (
          <Card>
            <Muted style={{ marginBottom: '0.5rem' }}>{t('platform.plugins.count', { count: data.plugins.length })}</Muted>
            <TableScroll>
              <DataTable
                columns={[
                  t('common.name'),
                  t('platform.plugins.column.version'),
                  t('platform.plugins.column.feature'),
                  t('platform.plugins.column.plans'),
                  t('platform.plugins.column.accounts'),
                ]}
              >
                {data.plugins.map((plugin) => (
                  <tr key={`${plugin.kind}:${plugin.name}`} data-plugin={plugin.name}>
                    <td>
                      <Row $gap="0.4rem" $wrap>
                        <strong>{plugin.name}</strong>
                        <Badge $tone={plugin.kind === 'kernel' ? 'info' : 'neutral'}>{t(`platform.plugins.kind.${plugin.kind}`)}</Badge>
                      </Row>
                      {plugin.description === '' ? null : (
                        <Muted as="small" style={{ display: 'block' }}>
                          {plugin.description}
                        </Muted>
                      )}
                    </td>
                    <td className="nowrap" dir="ltr" style={{ textAlign: 'start' }}>
                      {plugin.version}
                    </td>
                    <td className="nowrap">
                      {plugin.feature === null ? <Muted as="span">{t('platform.plugins.alwaysOn')}</Muted> : <code>{plugin.feature}</code>}
                    </td>
                    <td>
                      {plugin.plans.length === 0 ? (
                        <Muted as="span">{t('common.none')}</Muted>
                      ) : (
                        <Row $gap="0.25rem" $wrap>
                          {plugin.plans.map((plan) => (
                            <Badge key={plan} $tone="success">
                              {planLabel(t, plan)}
                            </Badge>
                          ))}
                        </Row>
                      )}
                    </td>
                    <td className="num">{number.format(plugin.accounts_using)}</td>
                  </tr>
                ))}
              </DataTable>
            </TableScroll>
          </Card>
        )}
      </QueryView>
    </>
  );
}
