import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import styled from 'styled-components';
import { api } from '../../api/client';
import { ApiError } from '../../api/errors';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Field } from '../../ui/Field';
import { Icon } from '../../ui/Icon';
import { PageHeader } from '../../ui/PageHeader';
import { Pagination } from '../../ui/Pagination';
import { Badge, Button, Card, Input, Muted, Row, Select, Stack, Table } from '../../ui/primitives';
import { EmptyState, ErrorState, errorText, Loading } from '../../ui/states';
import { useToast } from '../../ui/toasts';

/** core/src/platform/schemas.ts PlatformAccountSchema. */
export interface PlatformAccount {
  id: string;
  slug: string;
  name: string;
  plan: string;
  custom_domain: string | null;
  is_platform: boolean;
  suspended_at: string | null;
  /** Effective features: built into the plan, or switched on and included in it. */
  features: string[];
  /** The owner's raw switches. */
  feature_switches?: Record<string, boolean>;
  member_count: number;
  created_at: string;
}

/** core/src/platform/schemas.ts PluginSchema: the feature catalogue the switches come from. */
export interface PlatformPlugin {
  kind: 'plugin' | 'kernel';
  name: string;
  version: string;
  description: string;
  feature: string | null;
  plans: string[];
  accounts_using: number;
}

/** The plan catalogue's ids (core/src/plans/catalogue.ts); their labels live in platform.json. */
export const PLAN_IDS = ['starter', 'professional', 'dedicated', 'lifetime'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
const isPlan = (value: string): value is PlanId => (PLAN_IDS as readonly string[]).includes(value);
const STATUSES = ['active', 'suspended'] as const;
type AccountStatus = (typeof STATUSES)[number];
const isStatus = (value: string | null): value is AccountStatus => value === 'active' || value === 'suspended';

/** The server's rule for a site address (core/src/tenancy/hosts.ts SLUG). */
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NAME_MAX = 200;
const LIMIT = 20;
const SEARCH_DELAY_MS = 300;
/** Feature badges shown in a row before the rest fold into "+N" (the cell's title lists them all). */
const FEATURES_SHOWN = 3;
export const ACCOUNTS_ROOT = 'platform-accounts';
export const PLUGINS_ROOT = 'platform-plugins';

/** The account's site: its sub-domain of the platform host this dashboard is served from. */
export function siteUrl(account: Pick<PlatformAccount, 'slug' | 'is_platform'>): string {
  const { protocol, host } = window.location;
  return account.is_platform ? `${protocol}//${host}` : `${protocol}//${account.slug}.${host}`;
}

export const planLabel = (t: (key: string, options?: Record<string, unknown>) => string, plan: string) => t(`platform.plans.${plan}`, { defaultValue: plan });

/** Narrow screens (700 px) scroll a table sideways instead of squeezing it. */
export const TableScroll = styled.div`
  overflow-x: auto;
  table { width: 100%; border-collapse: collapse; }
  td a { color: ${(p) => p.theme.primary}; font-weight: 600; }
  .nowrap { white-space: nowrap; }
  .num { white-space: nowrap; font-variant-numeric: tabular-nums; text-align: end; }
`;

export function AccountStatusBadge({ account }: { account: Pick<PlatformAccount, 'suspended_at'> }) {
  const { t } = useTranslation('platform');
  return account.suspended_at === null ? <Badge $tone="success">{t('platform.status.active')}</Badge> : <Badge $tone="danger">{t('platform.status.suspended')}</Badge>;
}

/** A link to the account's site, opening in a new tab. */
export function SiteLink({ account }: { account: Pick<PlatformAccount, 'slug' | 'is_platform' | 'name'> }) {
  const { t } = useTranslation('platform');
  return (
    <a href={siteUrl(account)} target="_blank" rel="noreferrer" aria-label={t('platform.accounts.viewSiteOf', { name: account.name })} style={{ whiteSpace: 'nowrap' }}>
      <Row as="span" $gap="0.3rem" style={{ display: 'inline-flex' }}>
        {t('platform.accounts.viewSite')}
        <Icon name="external" size={14} />
      </Row>
    </a>
  );
}

const DialogBox = styled.dialog`
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 10px;
  background: ${(p) => p.theme.surface};
  color: ${(p) => p.theme.text};
  width: min(32rem, calc(100vw - 2rem));
  &::backdrop { background: rgba(0, 0, 0, 0.45); }
  h2 { margin-top: 0; }
`;

/** A modal form (Escape or Cancel closes it) for the per-row editors. */
function Modal({ open, title, onClose, children }: { open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <DialogBox ref={ref} onClose={onClose} aria-labelledby="platform-modal-title">
      <h2 id="platform-modal-title">{title}</h2>
      {open ? children : null}
    </DialogBox>
  );
}

const Checks = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 0.6rem;
  max-height: 50vh;
  overflow-y: auto;
  label { display: flex; gap: 0.6rem; align-items: flex-start; cursor: pointer; }
  input { margin-block-start: 0.25rem; }
`;

/** A failure shown inside a form, next to what caused it. */
export const ErrorText = styled.p`
  margin: 0;
  color: ${(p) => p.theme.danger};
`;

const FeatureList = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem;
`;

/**
 * SPEC §2 super-admin /dashboard/accounts: every account with search and filters, creating one for
 * an owner, and per account its plan, add-on switches and suspension.
 */
export default function Accounts() {
  const { t, i18n } = useTranslation('platform');
  const toast = useToast();
  const queries = useQueryClient();
  const [params] = useSearchParams();
  const initialStatus = params.get('status');
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [plan, setPlan] = useState<PlanId | ''>('');
  const [status, setStatus] = useState<AccountStatus | ''>(isStatus(initialStatus) ? initialStatus : '');
  const [offset, setOffset] = useState(0);
  const [creating, setCreating] = useState(false);
  const [planFor, setPlanFor] = useState<PlatformAccount | null>(null);
  const [featuresFor, setFeaturesFor] = useState<PlatformAccount | null>(null);
  const [suspending, setSuspending] = useState<PlatformAccount | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchText.trim());
      setOffset(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  const list = useQuery({
    queryKey: [ACCOUNTS_ROOT, 'list', search, plan, status, offset],
    queryFn: () =>
      api<{ accounts: PlatformAccount[]; total: number }>('/api/platform/accounts', {
        query: { search: search === '' ? undefined : search, plan: plan === '' ? undefined : plan, status: status === '' ? undefined : status, limit: LIMIT, offset },
      }),
  });
  const suspend = useMutation({
    mutationFn: ({ id, suspended }: { id: string; suspended: boolean }) => api<PlatformAccount>(`/api/platform/accounts/${id}`, { method: 'PUT', body: { suspended } }),
    onSuccess: (account) => {
      setSuspending(null);
      toast(t(account.suspended_at === null ? 'platform.accounts.unsuspended' : 'platform.accounts.suspendedToast', { name: account.name }));
      void queries.invalidateQueries({ queryKey: [ACCOUNTS_ROOT] });
    },
    onError: (failure) => {
      setSuspending(null);
      toast(serverText(t, failure), 'danger');
    },
  });

  const filtered = search !== '' || plan !== '' || status !== '';
  const clear = () => {
    setSearchText('');
    setSearch('');
    setPlan('');
    setStatus('');
    setOffset(0);
  };
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const number = new Intl.NumberFormat(i18n.language);

  return (
    <>
      <PageHeader
        title={t('platform.accounts.title')}
        actions={
          <Button onClick={() => setCreating((open) => !open)} aria-expanded={creating} aria-controls="create-account">
            <Icon name="plus" size={16} />
            {t('platform.accounts.create')}
          </Button>
        }
      />
      <Stack>
        {creating ? (
          <CreateAccount
            onDone={(account) => {
              setCreating(false);
              if (account !== null) clear();
            }}
          />
        ) : null}
        <Card aria-label={t('platform.accounts.filters')}>
          <Row $wrap style={{ alignItems: 'flex-end' }}>
            <div style={{ flex: '2 1 14rem' }}>
              <Field label={t('platform.accounts.search')} hint={t('platform.accounts.searchHint')}>
                <Input type="search" value={searchText} onChange={(e) => setSearchText(e.target.value)} maxLength={200} autoComplete="off" />
              </Field>
            </div>
            <div style={{ flex: '1 1 10rem' }}>
              <Field label={t('platform.accounts.column.plan')}>
                <Select value={plan} onChange={(e) => (setPlan(isPlan(e.target.value) ? e.target.value : ''), setOffset(0))}>
                  <option value="">{t('common.all')}</option>
                  {PLAN_IDS.map((id) => (
                    <option key={id} value={id}>
                      {planLabel(t, id)}
                    </option>
                  ))}
                </Select>
              </Field>
            </div>
            <div style={{ flex: '1 1 10rem' }}>
              <Field label={t('common.status')}>
                <Select value={status} onChange={(e) => (setStatus(isStatus(e.target.value) ? e.target.value : ''), setOffset(0))}>
                  <option value="">{t('common.all')}</option>
                  {STATUSES.map((value) => (
                    <option key={value} value={value}>
                      {t(`platform.status.${value}`)}
                    </option>
                  ))}
                </Select>
              </Field>
            </div>
            {filtered ? (
              <Button $variant="ghost" onClick={clear}>
                {t('platform.clearFilters')}
              </Button>
            ) : null}
          </Row>
        </Card>
        {list.isPending ? (
          <Loading />
        ) : list.isError ? (
          <ErrorState error={list.error} retry={() => void list.refetch()} />
        ) : list.data.accounts.length === 0 ? (
          <EmptyState title={filtered || offset > 0 ? t('platform.accounts.noneMatching') : t('platform.accounts.none')} />
        ) : (
          <Card>
            <Muted style={{ marginBottom: '0.5rem' }}>{t('platform.accounts.count', { count: list.data.total })}</Muted>
            <TableScroll>
              <Table>
                <thead>
                  <tr>
                    <th scope="col">{t('common.name')}</th>
                    <th scope="col">{t('platform.accounts.column.slug')}</th>
                    <th scope="col">{t('platform.accounts.column.plan')}</th>
                    <th scope="col">{t('platform.accounts.column.members')}</th>
                    <th scope="col">{t('platform.accounts.column.features')}</th>
                    <th scope="col">{t('common.status')}</th>
                    <th scope="col">{t('platform.accounts.column.created')}</th>
                    <th scope="col">{t('common.actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.accounts.map((account) => (
                    <tr key={account.id} data-account={account.slug}>
                      <td>
                        <strong>{account.name}</strong>
                        {account.is_platform ? (
                          <Badge $tone="info" style={{ marginInlineStart: '0.4rem' }}>
                            {t('platform.accounts.platformBadge')}
                          </Badge>
                        ) : null}
                        <div>
                          <SiteLink account={account} />
                        </div>
                      </td>
                      <td className="nowrap">
                        <code>{account.slug}</code>
                        {account.custom_domain === null ? null : (
                          <Muted as="small" style={{ display: 'block' }}>
                            {account.custom_domain}
                          </Muted>
                        )}
                      </td>
                      <td className="nowrap">{planLabel(t, account.plan)}</td>
                      <td className="num">{number.format(account.member_count)}</td>
                      <td>
                        {account.features.length === 0 ? (
                          <Muted as="span">{t('common.none')}</Muted>
                        ) : (
                          <FeatureList title={account.features.join(', ')}>
                            {account.features.slice(0, FEATURES_SHOWN).map((feature) => (
                              <Badge key={feature} $tone="neutral">
                                {feature}
                              </Badge>
                            ))}
                            {account.features.length > FEATURES_SHOWN ? (
                              <Badge $tone="neutral" aria-label={t('platform.accounts.moreFeatures', { count: account.features.length - FEATURES_SHOWN, list: account.features.slice(FEATURES_SHOWN).join(', ') })}>
                                {t('platform.accounts.moreShort', { count: account.features.length - FEATURES_SHOWN })}
                              </Badge>
                            ) : null}
                          </FeatureList>
                        )}
                      </td>
                      <td>
                        <AccountStatusBadge account={account} />
                      </td>
                      <td className="nowrap">
                        <time dateTime={account.created_at}>{date.format(new Date(account.created_at))}</time>
                      </td>
                      <td>
                        <Row $gap="0.4rem" $wrap>
                          <Button $variant="secondary" onClick={() => setPlanFor(account)} aria-label={t('platform.accounts.changePlanOf', { name: account.name })}>
                            {t('platform.accounts.changePlan')}
                          </Button>
                          <Button $variant="secondary" onClick={() => setFeaturesFor(account)} aria-label={t('platform.accounts.editFeaturesOf', { name: account.name })}>
                            {t('platform.accounts.editFeatures')}
                          </Button>
                          {account.suspended_at === null ? (
                            <Button
                              $variant="ghost"
                              disabled={account.is_platform || suspend.isPending}
                              title={account.is_platform ? t('platform.accounts.platformNotSuspendable') : undefined}
                              onClick={() => setSuspending(account)}
                              aria-label={t('platform.accounts.suspendOf', { name: account.name })}
                              data-testid={`suspend-${account.slug}`}
                            >
                              {t('platform.accounts.suspend')}
                            </Button>
                          ) : (
                            <Button $variant="ghost" disabled={suspend.isPending} onClick={() => setSuspending(account)} aria-label={t('platform.accounts.unsuspendOf', { name: account.name })}>
                              {t('platform.accounts.unsuspend')}
                            </Button>
                          )}
                        </Row>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableScroll>
            <Pagination offset={offset} limit={LIMIT} total={list.data.total} onChange={setOffset} />
          </Card>
        )}
      </Stack>
      <Modal open={planFor !== null} title={t('platform.plan.title', { name: planFor?.name ?? '' })} onClose={() => setPlanFor(null)}>
        {planFor === null ? null : <ChangePlan account={planFor} onClose={() => setPlanFor(null)} />}
      </Modal>
      <Modal open={featuresFor !== null} title={t('platform.features.title', { name: featuresFor?.name ?? '' })} onClose={() => setFeaturesFor(null)}>
        {featuresFor === null ? null : <EditFeatures account={featuresFor} onClose={() => setFeaturesFor(null)} />}
      </Modal>
      <ConfirmDialog
        open={suspending !== null}
        title={t(suspending?.suspended_at === null ? 'platform.accounts.confirmSuspend' : 'platform.accounts.confirmUnsuspend', { name: suspending?.name ?? '' })}
        body={suspending?.suspended_at === null ? t('platform.accounts.confirmSuspendBody') : t('platform.accounts.confirmUnsuspendBody')}
        confirmLabel={suspending?.suspended_at === null ? t('platform.accounts.suspend') : t('platform.accounts.unsuspend')}
        danger={suspending?.suspended_at === null}
        busy={suspend.isPending}
        onConfirm={() => suspending !== null && suspend.mutate({ id: suspending.id, suspended: suspending.suspended_at === null })}
        onClose={() => setSuspending(null)}
      />
    </>
  );
}

/** The server's error code translated in this namespace when known (platform.errors.<code>), else the shared text. */
function serverText(t: (key: string, options?: Record<string, unknown>) => string, failure: unknown): string {
  if (failure instanceof ApiError) return t(`platform.errors.${failure.code}`, { defaultValue: errorText(t, failure) });
  return errorText(t, failure);
}

interface CreateErrors {
  slug?: string | null;
  name?: string | null;
  owner_email?: string | null;
  owner_name?: string | null;
  form?: string | null;
}

/** Which field a validation message names: the server says e.g. "body/owner_email must match format". */
const FIELDS = ['slug', 'name', 'plan', 'owner_email', 'owner_name'] as const;
function fieldOf(message: string): (typeof FIELDS)[number] | undefined {
  return FIELDS.find((field) => new RegExp(`/${field}\\b`).test(message));
}

function CreateAccount({ onDone }: { onDone: (account: PlatformAccount | null) => void }) {
  const { t } = useTranslation('platform');
  const toast = useToast();
  const queries = useQueryClient();
  const [slug, setSlug] = useState('');
  const [name, setName] = useState('');
  const [plan, setPlan] = useState<PlanId>('starter');
  const [email, setEmail] = useState('');
  const [ownerName, setOwnerName] = useState('');
  const [errors, setErrors] = useState<CreateErrors>({});
  const create = useMutation({
    mutationFn: (body: { slug: string; name: string; plan: PlanId; owner_email: string; owner_name?: string }) =>
      api<{ account: PlatformAccount; owner: { user_id: string; email: string; new_user: boolean } }>('/api/platform/accounts', { method: 'POST', body }),
    onSuccess: (result) => {
      toast(t(result.owner.new_user ? 'platform.create.createdNewOwner' : 'platform.create.createdExistingOwner', { name: result.account.name, email: result.owner.email }));
      void queries.invalidateQueries({ queryKey: [ACCOUNTS_ROOT] });
      onDone(result.account);
    },
    onError: (failure) => {
      if (failure instanceof ApiError && (failure.code === 'slug_taken' || failure.code === 'invalid_slug')) return setErrors({ slug: serverText(t, failure) });
      if (failure instanceof ApiError && failure.code === 'validation_failed') {
        const field = fieldOf(failure.message);
        if (field !== undefined && field !== 'plan') return setErrors({ [field]: t(`platform.create.invalid.${field}`) });
      }
      setErrors({ form: serverText(t, failure) });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cleanSlug = slug.trim().toLowerCase();
    const next: CreateErrors = {
      slug: cleanSlug === '' ? t('platform.create.required') : SLUG.test(cleanSlug) ? null : t('platform.create.invalid.slug'),
      name: name.trim() === '' ? t('platform.create.required') : name.length > NAME_MAX ? t('platform.create.tooLong', { max: NAME_MAX }) : null,
      owner_email: email.trim() === '' ? t('platform.create.required') : EMAIL.test(email.trim()) ? null : t('platform.create.invalid.owner_email'),
      owner_name: ownerName.length > NAME_MAX ? t('platform.create.tooLong', { max: NAME_MAX }) : null,
    };
    setErrors(next);
    if (Object.values(next).some((value) => value !== null)) return;
    create.mutate({ slug: cleanSlug, name: name.trim(), plan, owner_email: email.trim(), owner_name: ownerName.trim() === '' ? undefined : ownerName.trim() });
  };
  const host = window.location.host;
  return (
    <Card id="create-account" aria-labelledby="create-account-title">
      <h2 id="create-account-title" style={{ marginTop: 0 }}>
        {t('platform.create.title')}
      </h2>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Row $wrap style={{ alignItems: 'flex-start' }}>
            <div style={{ flex: '1 1 14rem' }}>
              <Field label={t('platform.create.slug')} hint={t('platform.create.slugHint', { host, slug: slug.trim().toLowerCase() || t('platform.create.slugPlaceholder') })} error={errors.slug}>
                <Input value={slug} onChange={(e) => setSlug(e.target.value)} maxLength={63} autoComplete="off" spellCheck={false} pattern="[a-z0-9]([a-z0-9\-]{0,61}[a-z0-9])?" dir="ltr" />
              </Field>
            </div>
            <div style={{ flex: '1 1 14rem' }}>
              <Field label={t('common.name')} error={errors.name}>
                <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={NAME_MAX} autoComplete="off" />
              </Field>
            </div>
            <div style={{ flex: '1 1 10rem' }}>
              <Field label={t('platform.accounts.column.plan')}>
                <Select value={plan} onChange={(e) => isPlan(e.target.value) && setPlan(e.target.value)}>
                  {PLAN_IDS.map((id) => (
                    <option key={id} value={id}>
                      {planLabel(t, id)}
                    </option>
                  ))}
                </Select>
              </Field>
            </div>
          </Row>
          <Row $wrap style={{ alignItems: 'flex-start' }}>
            <div style={{ flex: '1 1 14rem' }}>
              <Field label={t('platform.create.ownerEmail')} hint={t('platform.create.ownerEmailHint')} error={errors.owner_email}>
                <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} maxLength={254} autoComplete="off" dir="ltr" />
              </Field>
            </div>
            <div style={{ flex: '1 1 14rem' }}>
              <Field label={t('platform.create.ownerName')} hint={t('platform.create.optional')} error={errors.owner_name}>
                <Input value={ownerName} onChange={(e) => setOwnerName(e.target.value)} maxLength={NAME_MAX} autoComplete="off" />
              </Field>
            </div>
          </Row>
          {errors.form ? (
            <ErrorText role="alert">
              {errors.form}
            </ErrorText>
          ) : null}
          <Row>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? t('platform.create.creating') : t('platform.create.submit')}
            </Button>
            <Button type="button" $variant="ghost" onClick={() => onDone(null)}>
              {t('common.cancel')}
            </Button>
          </Row>
        </Stack>
      </form>
    </Card>
  );
}

function ChangePlan({ account, onClose }: { account: PlatformAccount; onClose: () => void }) {
  const { t } = useTranslation('platform');
  const toast = useToast();
  const queries = useQueryClient();
  const [plan, setPlan] = useState<string>(account.plan);
  const change = useMutation({
    mutationFn: (next: PlanId) => api<PlatformAccount>(`/api/platform/accounts/${account.id}`, { method: 'PUT', body: { plan: next } }),
    onSuccess: (updated) => {
      toast(t('platform.plan.changed', { name: updated.name, plan: planLabel(t, updated.plan) }));
      void queries.invalidateQueries({ queryKey: [ACCOUNTS_ROOT] });
      void queries.invalidateQueries({ queryKey: [PLUGINS_ROOT] });
      onClose();
    },
  });
  const changed = plan !== account.plan && isPlan(plan);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (changed) change.mutate(plan);
      }}
    >
      <Stack>
        <Muted>{t('platform.plan.current', { plan: planLabel(t, account.plan) })}</Muted>
        <Field label={t('platform.plan.newPlan')}>
          <Select value={plan} onChange={(e) => setPlan(e.target.value)} autoFocus>
            {PLAN_IDS.map((id) => (
              <option key={id} value={id}>
                {planLabel(t, id)}
              </option>
            ))}
          </Select>
        </Field>
        {changed ? <p style={{ margin: 0 }}>{t('platform.plan.confirm', { name: account.name, from: planLabel(t, account.plan), to: planLabel(t, plan) })}</p> : null}
        {change.isError ? (
          <ErrorText role="alert">
            {serverText(t, change.error)}
          </ErrorText>
        ) : null}
        <Row style={{ justifyContent: 'flex-end' }}>
          <Button type="button" $variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={!changed || change.isPending}>
            {change.isPending ? t('common.saving') : t('platform.plan.submit')}
          </Button>
        </Row>
      </Stack>
    </form>
  );
}

function EditFeatures({ account, onClose }: { account: PlatformAccount; onClose: () => void }) {
  const { t } = useTranslation('platform');
  const toast = useToast();
  const queries = useQueryClient();
  const catalogue = useQuery({ queryKey: [PLUGINS_ROOT], queryFn: () => api<{ plugins: PlatformPlugin[] }>('/api/platform/plugins') });
  const initial = account.feature_switches ?? {};
  const [switches, setSwitches] = useState<Record<string, boolean>>(initial);
  const save = useMutation({
    mutationFn: (features: Record<string, boolean>) => api<PlatformAccount>(`/api/platform/accounts/${account.id}`, { method: 'PUT', body: { features } }),
    onSuccess: (updated) => {
      toast(t('platform.features.saved', { name: updated.name }));
      void queries.invalidateQueries({ queryKey: [ACCOUNTS_ROOT] });
      void queries.invalidateQueries({ queryKey: [PLUGINS_ROOT] });
      onClose();
    },
  });
  // Only switchable features: a plugin without a feature is always on.
  const features = (catalogue.data?.plugins ?? []).filter((p): p is PlatformPlugin & { feature: string } => p.feature !== null);
  const changes = Object.fromEntries(features.filter((f) => (switches[f.feature] === true) !== (initial[f.feature] === true)).map((f) => [f.feature, switches[f.feature] === true]));
  const changed = Object.keys(changes).length > 0;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (changed) save.mutate(changes);
      }}
    >
      <Stack>
        <Muted>{t('platform.features.intro', { plan: planLabel(t, account.plan) })}</Muted>
        {catalogue.isPending ? (
          <Loading />
        ) : catalogue.isError ? (
          <ErrorState error={catalogue.error} retry={() => void catalogue.refetch()} />
        ) : features.length === 0 ? (
          <EmptyState title={t('platform.features.none')} />
        ) : (
          <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
            <legend className="visually-hidden">{t('platform.features.legend')}</legend>
            <Checks>
              {features.map((f) => {
                const inPlan = f.plans.includes(account.plan);
                const effective = account.features.includes(f.feature);
                return (
                  <li key={f.feature} data-feature={f.feature}>
                    <label>
                      <input type="checkbox" checked={switches[f.feature] === true} onChange={(e) => setSwitches((all) => ({ ...all, [f.feature]: e.target.checked }))} />
                      <span>
                        <Row as="span" $gap="0.4rem" $wrap>
                          <strong>{f.feature}</strong>
                          {effective ? <Badge $tone="success">{t('platform.features.inEffect')}</Badge> : null}
                          {inPlan ? null : <Badge $tone="warning">{t('platform.features.notInPlan')}</Badge>}
                        </Row>
                        {f.description === '' ? null : (
                          <Muted as="small" style={{ display: 'block' }}>
                            {f.description}
                          </Muted>
                        )}
                      </span>
                    </label>
                  </li>
                );
              })}
            </Checks>
          </fieldset>
        )}
        {save.isError ? (
          <ErrorText role="alert" data-testid="features-error">
            {serverText(t, save.error)}
          </ErrorText>
        ) : null}
        <Row style={{ justifyContent: 'flex-end' }}>
          <Button type="button" $variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={!changed || save.isPending}>
            {save.isPending ? t('common.saving') : t('common.save')}
          </Button>
        </Row>
      </Stack>
    </form>
  );
}
