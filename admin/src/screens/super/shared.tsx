import type { CreateAccountBodyWire, PlatformAccountWire, PlatformPluginWire } from '@lectern/sdk/wire';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Icon } from '../../ui/Icon';
import { Badge, Row } from '../../ui/primitives';

/** What the super-admin screens share (types, query roots, plan labels, account cells), so no screen imports another. */

/** An account as the platform's routes answer it (features: effective ones; feature_switches: the owner's raw switches). */
export type PlatformAccount = PlatformAccountWire;

/** The feature catalogue the switches come from. */
export type PlatformPlugin = PlatformPluginWire;

/** The plan catalogue's ids (the server's plan enum), in the order the screens offer them; their labels live in platform.json. */
export type PlanId = CreateAccountBodyWire['plan'];
export const PLAN_IDS = ['starter', 'professional', 'dedicated', 'lifetime'] as const satisfies readonly PlanId[];
export const isPlan = (value: string): value is PlanId => (PLAN_IDS as readonly string[]).includes(value);

export const ACCOUNTS_ROOT = 'platform-accounts';
export const PLUGINS_ROOT = 'platform-plugins';

/** The account's site: its sub-domain of the platform host this dashboard is served from. */
export function siteUrl(account: Pick<PlatformAccount, 'slug' | 'is_platform'>): string {
  const { protocol, host } = window.location;
  return account.is_platform ? `${protocol}//${host}` : `${protocol}//${account.slug}.${host}`;
}

export const planLabel = (t: (key: string, options?: Record<string, unknown>) => string, plan: string) => t(`platform.plans.${plan}`, { defaultValue: plan });

export function AccountStatusBadge({ account }: { account: Pick<PlatformAccount, 'suspended_at'> }) {
  const { t } = useTranslation('platform');
  return account.suspended_at === null ? (
    <Badge $tone="success">{t('platform.status.active')}</Badge>
  ) : (
    <Badge $tone="danger">{t('platform.status.suspended')}</Badge>
  );
}

/** A link to the account's site, opening in a new tab. */
export function SiteLink({ account }: { account: Pick<PlatformAccount, 'slug' | 'is_platform' | 'name'> }) {
  const { t } = useTranslation('platform');
  return (
    <a
      href={siteUrl(account)}
      target="_blank"
      rel="noreferrer"
      aria-label={t('platform.accounts.viewSiteOf', { name: account.name })}
      style={{ whiteSpace: 'nowrap' }}
    >
      <Row as="span" $gap="0.3rem" style={{ display: 'inline-flex' }}>
        {t('platform.accounts.viewSite')}
        <Icon name="external" size={14} />
      </Row>
    </a>
  );
}

/** A failure shown inside a form, next to what caused it. */
export const ErrorText = styled.p`
  margin: 0;
  color: ${(p) => p.theme.danger};
`;

/** A date (or date and time) in a nowrap table cell, machine-readable for the browser tests and screen readers. */
export function DateCell({ at, format }: { at: string; format: Intl.DateTimeFormat }) {
  return (
    <td className="nowrap">
      <time dateTime={at}>{format.format(new Date(at))}</time>
    </td>
  );
}
