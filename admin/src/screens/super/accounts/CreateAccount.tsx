import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { CreateAccountBodyWire, CreatedAccountWire } from '@lectern/sdk/wire';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { ApiError } from '../../../api/errors';
import { Field } from '../../../ui/Field';
import { FormActions } from '../../../ui/FormActions';
import { Card, Input, Row, Select, Stack } from '../../../ui/primitives';
import { useToast } from '../../../ui/toasts';
import { ACCOUNTS_ROOT, ErrorText, isPlan, type PlanId, type PlatformAccount } from '../shared';
import { NAME_MAX } from './constants';
import { PlanOptions } from './PlanOptions';
import { checkCreate, fieldOf, type CreateErrors } from './create-rules';
import { serverText } from './server-text';

/** The create-an-account form: the site's address, name and plan, and its owner (an existing member or a new one). */
export function CreateAccount({ onDone }: { onDone: (account: PlatformAccount | null) => void }) {
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
    mutationFn: (body: CreateAccountBodyWire) => api<CreatedAccountWire>('/api/platform/accounts', { method: 'POST', body }),
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
    const next = checkCreate(t, { slug: cleanSlug, name, email, ownerName });
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
                  <PlanOptions />
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
