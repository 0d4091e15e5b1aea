import type { BillingWire, PlanLimitsWire } from '@lectern/sdk/wire';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { ProgressBar, usageRatio, usageTone } from '../../ui/ProgressBar';
import { Muted, Row, Table } from '../../ui/primitives';

type Limits = PlanLimitsWire;
type Usage = BillingWire['usage'];

/** A plan limit this large stands for "no fixed limit" (the catalogue's OPEN). */
export const OPEN_LIMIT = 1_000_000;

/** Each measured meter and the limit it counts against; notifications and video meetings have none. */
const METERS: { key: keyof Usage; mb?: boolean; limit: (limits: Limits) => number | undefined }[] = [
  { key: 'members', limit: (l) => l.totalMembers },
  { key: 'mau', limit: (l) => l.mau },
  { key: 'emails', limit: (l) => l.monthlyEmails },
  { key: 'storage_mb', mb: true, limit: (l) => l.storage?.storage },
  { key: 'images_mb', mb: true, limit: (l) => l.storage?.images },
  { key: 'videos_mb', mb: true, limit: (l) => l.storage?.videos },
  { key: 'ai_tokens', limit: (l) => l.ai_tokens },
  { key: 'chats', limit: (l) => l.chats },
  { key: 'email_verifications', limit: (l) => l.email_verify },
  { key: 'notifications', limit: () => undefined },
];

/** Wide tables scroll sideways inside their card instead of widening the page. */
export const Scroll = styled.div`
  overflow-x: auto;
  table {
    width: 100%;
    border-collapse: collapse;
  }
  &:focus-visible {
    outline: 2px solid ${(p) => p.theme.focus};
  }
`;

/** Numbers, megabytes, percentages and limits in the reader's language (an open limit reads "Unlimited"). */
export function useUsageFormats() {
  const { t, i18n } = useTranslation('billing');
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const megabytes = new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 2 });
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  const amount = (value: number, mb = false) => (mb ? megabytes.format(value) : number.format(value));
  const limit = (value: number | undefined, mb = false) =>
    value === undefined ? t('billing.noLimit') : value >= OPEN_LIMIT ? t('billing.unlimited') : amount(value, mb);
  return { number, percent, amount, limit };
}

/** Every meter against its limit with a bar that turns amber at 80 % and red when full (the owner's billing page, the super-admin's usage view). */
export function UsageTable({ usage, limits, labelledBy }: { usage: Usage; limits: Limits; labelledBy: string }) {
  const { t } = useTranslation('billing');
  const formats = useUsageFormats();
  return (
    <Scroll tabIndex={0} role="region" aria-labelledby={labelledBy}>
      <Table>
        <thead>
          <tr>
            <th scope="col">{t('billing.meter')}</th>
            <th scope="col">{t('billing.used')}</th>
            <th scope="col">{t('billing.limit')}</th>
            <th scope="col">{t('billing.progress')}</th>
          </tr>
        </thead>
        <tbody>
          {METERS.map((meter) => {
            const used = usage[meter.key];
            const limit = meter.limit(limits);
            const name = t(`billing.meters.${meter.key}`);
            const limited = limit !== undefined && limit < OPEN_LIMIT;
            const ratio = limited ? usageRatio(used, limit) : 0;
            return (
              <tr key={meter.key} data-meter={meter.key}>
                <th scope="row">{name}</th>
                <td>{formats.amount(used, meter.mb)}</td>
                <td>{formats.limit(limit, meter.mb)}</td>
                <td>
                  {limited ? (
                    <Row $gap="0.5rem">
                      <ProgressBar
                        ratio={ratio}
                        tone={usageTone(ratio, 'success')}
                        label={t('billing.usageLabel', { name, percent: formats.percent.format(ratio) })}
                        max={limit}
                        now={Math.min(used, limit)}
                        style={{ flex: 1, minWidth: '6rem' }}
                        data-tone={usageTone(ratio, 'success')}
                      />
                      <small style={{ whiteSpace: 'nowrap' }}>{formats.percent.format(ratio)}</small>
                    </Row>
                  ) : (
                    <Muted>—</Muted>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </Scroll>
  );
}
