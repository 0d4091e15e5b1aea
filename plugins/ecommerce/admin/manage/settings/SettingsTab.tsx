import { api, Card, errorText, Field, FormActions, Input, Muted, QueryView, Stack, useToast } from '@lectern/admin/kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { API, keys, type CartSettings } from '../../shared/model';
import { periodText } from '../../shared/period';
import { MAX_MINUTES, MIN_MINUTES, minutesSpan, parseMinutes } from './minutes';

/** The Settings tab: shop options that are not about payments (for now, when a cart counts as abandoned). */
export function SettingsTab() {
  const settings = useQuery({ queryKey: keys.cartSettings, queryFn: () => api<CartSettings>(`${API}/cart-settings`) });
  return <QueryView query={settings}>{(loaded) => <AbandonedCartsCard key={loaded.abandonedAfterMinutes} saved={loaded} />}</QueryView>;
}

/**
 * How long a signed-in member's cart waits before the automation trigger cart_abandoned fires,
 * in minutes; what the number means is written out beside it ("= 1 hour").
 */
function AbandonedCartsCard({ saved }: { saved: CartSettings }) {
  const { t, i18n } = useTranslation(['ecommerce-settings', 'ecommerce-shop']);
  const toast = useToast();
  const queries = useQueryClient();
  const [typed, setTyped] = useState(String(saved.abandonedAfterMinutes));
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (minutes: number) => api<CartSettings>(`${API}/cart-settings`, { method: 'PUT', body: { abandonedAfterMinutes: minutes } }),
    onSuccess: (answer) => {
      toast(t('abandoned.saved'));
      queries.setQueryData(keys.cartSettings, answer);
    },
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  const minutes = parseMinutes(typed);
  const span = minutes === null ? null : minutesSpan(minutes);
  const reset = () => {
    setTyped(String(saved.abandonedAfterMinutes));
    setError(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(minutes === null ? t('abandoned.invalid', { min: MIN_MINUTES, max: MAX_MINUTES }) : null);
    if (minutes !== null) save.mutate(minutes);
  };
  return (
    <Card as="form" onSubmit={submit} noValidate data-testid="abandoned-carts" aria-labelledby="abandoned-carts-title" style={{ maxWidth: '44rem' }}>
      <Stack>
        <h2 id="abandoned-carts-title" style={{ margin: 0, fontSize: '1.1rem' }}>
          {t('abandoned.title')}
        </h2>
        <Muted>{t('abandoned.intro')}</Muted>
        <Field label={t('abandoned.minutes')} hint={t('abandoned.hint')} error={error}>
          <Input
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              setError(null);
            }}
            inputMode="numeric"
            maxLength={6}
            autoComplete="off"
            style={{ maxWidth: '10rem' }}
            data-testid="abandoned-minutes"
          />
        </Field>
        {span === null || span.unit === 'minute' ? null : (
          <Muted role="status" data-testid="abandoned-span">
            {t('abandoned.means', {
              minutes: new Intl.NumberFormat(i18n.language).format(minutes ?? 0),
              period: periodText(span.value, span.unit, i18n.language),
            })}
          </Muted>
        )}
        <FormActions busy={save.isPending} label={t('abandoned.save')} busyLabel={t('abandoned.saving')} onCancel={reset} cancelLabel={t('abandoned.reset')} />
      </Stack>
    </Card>
  );
}
