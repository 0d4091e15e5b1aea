import { api, Badge, Card, errorText, FormActions, Muted, QueryView, Row, Stack, useToast } from '@lectern/admin/kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { API, keys, PROVIDERS, type ShopSettings } from '../../shared/model';
import { paymentsBody, paymentsFormOf, type PaymentsForm } from './model';
import { ProviderCard } from './ProviderCard';

/**
 * The Payments tab: which providers buyers can use now and which the site currency supports, then
 * each provider's switch and keys (secrets write-only) and the webhook address to register with it.
 */
export function PaymentsTab() {
  const settings = useQuery({ queryKey: keys.settings, queryFn: () => api<ShopSettings>(`${API}/settings`) });
  return <QueryView query={settings}>{(loaded) => <PaymentsForm key={JSON.stringify(loaded)} settings={loaded} />}</QueryView>;
}

function PaymentsForm({ settings }: { settings: ShopSettings }) {
  const { t } = useTranslation(['ecommerce-payments', 'ecommerce-shop']);
  const toast = useToast();
  const queries = useQueryClient();
  const [form, setForm] = useState<PaymentsForm>(() => paymentsFormOf(settings));
  const save = useMutation({
    mutationFn: () => api<ShopSettings>(`${API}/settings`, { method: 'PUT', body: paymentsBody(form) }),
    onSuccess: (saved) => {
      toast(t('saved'));
      queries.setQueryData(keys.settings, saved);
    },
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const provider = (id: string) => t(`ecommerce-shop:provider.${id}`, { defaultValue: id });
  return (
    <Stack as="form" onSubmit={submit} noValidate data-testid="payments-form">
      <Card data-testid="payments-summary">
        <Stack $gap="0.6rem">
          <Row $wrap $gap="0.4rem">
            <strong>{t('available')}</strong>
            {settings.available.length === 0 ? (
              <Badge $tone="warning">{t('noneAvailable')}</Badge>
            ) : (
              settings.available.map((id) => (
                <Badge key={id} $tone="success">
                  {provider(id)}
                </Badge>
              ))
            )}
          </Row>
          <Row $wrap $gap="0.4rem">
            <strong>{t('currencySupports', { currency: settings.currency.code })}</strong>
            {settings.currency.providers.map((id) => (
              <Badge key={id} $tone="neutral">
                {provider(id)}
              </Badge>
            ))}
          </Row>
          {settings.available.length === 0 ? <Muted role="status">{t('noneAvailableHint')}</Muted> : null}
        </Stack>
      </Card>
      {PROVIDERS.map((id) => (
        <ProviderCard
          key={id}
          provider={id}
          form={form[id]}
          onChange={(next) => setForm((current) => ({ ...current, [id]: next }))}
          secretsSet={settings.secretsSet}
          supported={settings.currency.providers.includes(id)}
          available={settings.available.includes(id)}
          webhook={settings.webhooks[id]}
        />
      ))}
      <FormActions
        busy={save.isPending}
        label={t('save')}
        busyLabel={t('saving')}
        onCancel={() => setForm(paymentsFormOf(settings))}
        cancelLabel={t('reset')}
      />
    </Stack>
  );
}
