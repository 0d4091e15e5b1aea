import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import styled from 'styled-components';
import { api } from '../../api/client';
import { ApiError } from '../../api/errors';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Field } from '../../ui/Field';
import { FormActions } from '../../ui/FormActions';
import { Icon } from '../../ui/Icon';
import { PageHeader } from '../../ui/PageHeader';
import { Pagination } from '../../ui/Pagination';
import { DataTable } from '../../ui/DataTable';
import { FilterSelect } from '../../ui/FilterSelect';
import { Badge, Button, Card, Input, Muted, Row, Select, Stack } from '../../ui/primitives';
import { QueryView } from '../../ui/QueryView';
import { EmptyState, errorText } from '../../ui/states';
import { TableScroll } from '../../ui/TableScroll';
import { useToast } from '../../ui/toasts';
import { useSearchInput } from '../../ui/useSearchInput';
import {
  ACCOUNTS_ROOT,
  AccountStatusBadge,
  DateCell,
  ErrorText,
  isPlan,
  PLAN_IDS,
  planLabel,
  PLUGINS_ROOT,
  SiteLink,
  type PlanId,
  type PlatformAccount,
  type PlatformPlugin,
} from './shared';

const STATUSES = ['active', 'suspended'] as const;
type AccountStatus = (typeof STATUSES)[number];
const isStatus = (value: string | null): value is AccountStatus => value === 'active' || value === 'suspended';

/** The server's rule for a site address (core/src/tenancy/hosts.ts SLUG). */
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NAME_MAX = 200;
const LIMIT = 20;
/** Feature badges shown in a row before the rest fold into "+N" (the cell's title lists them all). */
const FEATURES_SHOWN = 3;

const DialogBox = styled.dialog`
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 10px;
  background: ${(p) => p.theme.surface};
  color: ${(p) => p.theme.text};
  width: min(32rem, calc(100vw - 2rem));
  &::backdrop {
    background: rgba(0, 0, 0, 0.45);
  }
  h2 {
    margin-top: 0;
  }
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
  label {
    display: flex;
    gap: 0.6rem;
    align-items: flex-start;
    cursor: pointer;
  }
  input {
    margin-block-start: 0.25rem;
  }
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
  const [plan, setPlan] = useState<PlanId | ''>('');
  const [status, setStatus] = useState<AccountStatus | ''>(isStatus(initialStatus) ? initialStatus : '');
  const [offset, setOffset] = useState(0);
  const { typed: searchText, setTyped: setSearchText, search, setSearch } = useSearchInput(() => setOffset(0));
  const [creating, setCreating] = useState(false);
  const [planFor, setPlanFor] = useState<PlatformAccount | null>(null);
  const [featuresFor, setFeaturesFor] = useState<PlatformAccount | null>(null);
  const [suspending, setSuspending] = useState<PlatformAccount | null>(null);

  const list = useQuery({
    queryKey: [ACCOUNTS_ROOT, 'list', search, plan, status, offset],
    queryFn: () =>
      api<{ accounts: PlatformAccount[]; total: number }>('/api/platform/accounts', {
        query: {
          search: search === '' ? undefined : search,
          plan: plan === '' ? undefined : plan,
          status: status === '' ? undefined : status,
          limit: LIMIT,
          offset,
        },
      }),
  });
  const suspend = useMutation({
    mutationFn: ({ id, suspended }: { id: string; suspended: boolean }) =>
      api<PlatformAccount>(`/api/platform/accounts/${id}`, { method: 'PUT', body: { suspended } }),
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
            <FilterSelect
              flex="1 1 10rem"
              label={t('platform.accounts.column.plan')}
              value={plan}
              options={PLAN_IDS}
              optionLabel={(id) => planLabel(t, id)}
              onChange={(value) => (setPlan(value), setOffset(0))}
            />
            <FilterSelect
              flex="1 1 10rem"
              label={t('common.status')}
              value={status}
              options={STATUSES}
              optionLabel={(value) => t(`platform.status.${value}`)}
              onChange={(value) => (setStatus(value), setOffset(0))}
            />
            {filtered ? (
              <Button $variant="ghost" onClick={clear}>
                {t('platform.clearFilters')}
              </Button>
            ) : null}
          </Row>
        </Card>
        <QueryView
          query={list}
          isEmpty={(data) => data.accounts.length === 0}
          empty={<EmptyState title={filtered || offset > 0 ? t('platform.accounts.noneMatching') : t('platform.accounts.none')} />}
        >
          {(data) => (
            <Card>
              <Muted style={{ marginBottom: '0.5rem' }}>{t('platform.accounts.count', { count: data.total })}</Muted>
              <TableScroll>
                <DataTable
                  columns={[
                    t('common.name'),
                    t('platform.accounts.column.slug'),
                    t('platform.accounts.column.plan'),
                    t('platform.accounts.column.members'),
                    t('platform.accounts.column.features'),
                    t('common.status'),
                    t('platform.accounts.column.created'),
                    t('common.actions'),
                  ]}
                >
                  {data.accounts.map((account) => (
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
                              <Badge
                                $tone="neutral"
                                aria-label={t('platform.accounts.moreFeatures', {
                                  count: account.features.length - FEATURES_SHOWN,
                                  list: account.features.slice(FEATURES_SHOWN).join(', '),
                                })}
                              >
                                {t('platform.accounts.moreShort', { count: account.features.length - FEATURES_SHOWN })}
                              </Badge>
                            ) : null}
                          </FeatureList>
                        )}
                      </td>
                      <td>
                        <AccountStatusBadge account={account} />
                      </td>
                      <DateCell at={account.created_at} format={date} />
                      <td>
                        <Row $gap="0.4rem" $wrap>
                          <Button
                            $variant="secondary"
                            onClick={() => setPlanFor(account)}
                            aria-label={t('platform.accounts.changePlanOf', { name: account.name })}
                          >
                            {t('platform.accounts.changePlan')}
                          </Button>
                          <Button
                            $variant="secondary"
                            onClick={() => setFeaturesFor(account)}
                            aria-label={t('platform.accounts.editFeaturesOf', { name: account.name })}
                          >
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
                            <Button
                              $variant="ghost"
                              disabled={suspend.isPending}
                              onClick={() => setSuspending(account)}
                              aria-label={t('platform.accounts.unsuspendOf', { name: account.name })}
                            >
                              {t('platform.accounts.unsuspend')}
                            </Button>
                          )}
                        </Row>
                      </td>
                    </tr>
                  ))}
                </DataTable>
              </TableScroll>
              <Pagination offset={offset} limit={LIMIT} total={data.total} onChange={setOffset} />
            </Card>
          )}
        </QueryView>
      </Stack>
      <Modal open={planFor !== null} title={t('platform.plan.title', { name: planFor?.name ?? '' })} onClose={() => setPlanFor(null)}>
        {planFor === null ? null : <ChangePlan account={planFor} onClose={() => setPlanFor(null)} />}
      </Modal>
      <Modal open={featuresFor !== null} title={t('platform.features.title', { name: featuresFor?.name ?? '' })} onClose={() => setFeaturesFor(null)}>
        {featuresFor === null ? null : <EditFeatures account={featuresFor} onClose={() => setFeaturesFor(null)} />}
      </Modal>
      <ConfirmDialog
        open={suspending !== null}
        title={t(suspending?.suspended_at === null ? 'platform.accounts.confirmSuspend' : 'platform.accounts.confirmUnsuspend', {
          name: suspending?.name ?? '',
        })}
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
      toast(
        t(result.owner.new_user ? 'platform.create.createdNewOwner' : 'platform.create.createdExistingOwner', {
          name: result.account.name,
          email: result.owner.email,
        }),
      );
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
              <Field
                label={t('platform.create.slug')}
                hint={t('platform.create.slugHint', { host, slug: slug.trim().toLowerCase() || t('platform.create.slugPlaceholder') })}
                error={errors.slug}
              >
                <Input
                  value={slug}
                  onChange={(e) => setSlug(e.target.value)}
                  maxLength={63}
                  autoComplete="off"
                  spellCheck={false}
                  pattern="[a-z0-9]([a-z0-9\-]{0,61}[a-z0-9])?"
                  dir="ltr"
                />
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
          {errors.form ? <ErrorText role="alert">{errors.form}</ErrorText> : null}
          <FormActions
            busy={create.isPending}
            label={t('platform.create.submit')}
            busyLabel={t('platform.create.creating')}
            onCancel={() => onDone(null)}
            wrap={false}
          />
        </Stack>
      </form>
    </Card>
  );
}

/** A per-row editor's failure, Cancel and submit (showing "Saving…" while its mutation runs). */
function ModalFooter({
  mutation,
  disabled,
  submitLabel,
  onClose,
  errorTestId,
}: {
  mutation: { isError: boolean; isPending: boolean; error: unknown };
  disabled: boolean;
  submitLabel: string;
  onClose: () => void;
  errorTestId?: string;
}) {
  const { t } = useTranslation('platform');
  return (
    <>
      {mutation.isError ? (
        <ErrorText role="alert" data-testid={errorTestId}>
          {serverText(t, mutation.error)}
        </ErrorText>
      ) : null}
      <Row style={{ justifyContent: 'flex-end' }}>
        <Button type="button" $variant="secondary" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={disabled || mutation.isPending}>
          {mutation.isPending ? t('common.saving') : submitLabel}
        </Button>
      </Row>
    </>
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
        {changed ? (
          <p style={{ margin: 0 }}>{t('platform.plan.confirm', { name: account.name, from: planLabel(t, account.plan), to: planLabel(t, plan) })}</p>
        ) : null}
        <ModalFooter mutation={change} disabled={!changed} submitLabel={t('platform.plan.submit')} onClose={onClose} />
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
  const changes = Object.fromEntries(
    features.filter((f) => (switches[f.feature] === true) !== (initial[f.feature] === true)).map((f) => [f.feature, switches[f.feature] === true]),
  );
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
        <QueryView query={catalogue} isEmpty={() => features.length === 0} empty={<EmptyState title={t('platform.features.none')} />}>
          {() => (
            <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
              <legend className="visually-hidden">{t('platform.features.legend')}</legend>
              <Checks>
                {features.map((f) => {
                  const inPlan = f.plans.includes(account.plan);
                  const effective = account.features.includes(f.feature);
                  return (
                    <li key={f.feature} data-feature={f.feature}>
                      <label>
                        <input
                          type="checkbox"
                          checked={switches[f.feature] === true}
                          onChange={(e) => setSwitches((all) => ({ ...all, [f.feature]: e.target.checked }))}
                        />
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
        </QueryView>
        <ModalFooter mutation={save} disabled={!changed} submitLabel={t('common.save')} onClose={onClose} errorTestId="features-error" />
      </Stack>
    </form>
  );
}
