import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { PageHeader } from '../../ui/PageHeader';
import { Badge, Card, Muted, Row, Table } from '../../ui/primitives';
import { EmptyState, ErrorState, Loading } from '../../ui/states';
import { planLabel, PLUGINS_ROOT, TableScroll, type PlatformPlugin } from './Accounts';

/** SPEC §2 super-admin /dashboard/plugins: what is installed, which plans include it, and who uses it. */
export default function Plugins() {
  const { t, i18n } = useTranslation('platform');
  const list = useQuery({ queryKey: [PLUGINS_ROOT], queryFn: () => api<{ plugins: PlatformPlugin[] }>('/api/platform/plugins') });
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <>
      <PageHeader title={t('platform.plugins.title')} />
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorState error={list.error} retry={() => void list.refetch()} />
      ) : list.data.plugins.length === 0 ? (
        <EmptyState title={t('platform.plugins.none')} hint={t('platform.plugins.noneHint')} />
      ) : (
        <Card>
          <Muted style={{ marginBottom: '0.5rem' }}>{t('platform.plugins.count', { count: list.data.plugins.length })}</Muted>
          <TableScroll>
            <Table>
              <thead>
                <tr>
                  <th scope="col">{t('common.name')}</th>
                  <th scope="col">{t('platform.plugins.column.version')}</th>
                  <th scope="col">{t('platform.plugins.column.feature')}</th>
                  <th scope="col">{t('platform.plugins.column.plans')}</th>
                  <th scope="col">{t('platform.plugins.column.accounts')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.plugins.map((plugin) => (
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
                    <td className="nowrap">{plugin.feature === null ? <Muted as="span">{t('platform.plugins.alwaysOn')}</Muted> : <code>{plugin.feature}</code>}</td>
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
              </tbody>
            </Table>
          </TableScroll>
        </Card>
      )}
    </>
  );
}
