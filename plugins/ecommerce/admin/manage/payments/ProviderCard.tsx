import { Badge, Button, Card, Field, Input, Muted, Row, Stack, Textarea, useToast } from '@lectern/admin/kit';
import { useTranslation } from 'react-i18next';
import type { Provider } from '../../shared/model';
import { ONE_TIME_ONLY, PROVIDER_FIELDS, PROVIDER_FLAGS, type ProviderForm } from './model';

/** One provider's switch and settings; secret fields show whether a value is stored and can clear it. */
export function ProviderCard({
  provider,
  form,
  onChange,
  secretsSet,
  supported,
  available,
  webhook,
}: {
  provider: Provider;
  form: ProviderForm;
  onChange: (next: ProviderForm) => void;
  secretsSet: Record<string, boolean>;
  supported: boolean;
  available: boolean;
  webhook: string | undefined;
}) {
  const { t } = useTranslation('ecommerce-payments');
  const toast = useToast();
  const setValue = (key: string, value: string) => onChange({ ...form, values: { ...form.values, [key]: value }, clear: { ...form.clear, [key]: false } });
  const setClear = (key: string, clear: boolean) => onChange({ ...form, values: { ...form.values, [key]: '' }, clear: { ...form.clear, [key]: clear } });
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast(t('copied'));
    } catch {
      toast(t('copyFailed'), 'danger');
    }
  };
  const switchId = `provider-${provider}-enabled`;
  return (
    <Card data-testid={`provider-${provider}`} aria-labelledby={`provider-${provider}-title`}>
      <Stack $gap="0.75rem">
        <Row $wrap style={{ justifyContent: 'space-between' }}>
          <h2 id={`provider-${provider}-title`} style={{ margin: 0, fontSize: '1.1rem' }}>
            {t(`ecommerce-shop:provider.${provider}`)}
          </h2>
          <Row $wrap $gap="0.4rem">
            {available ? <Badge $tone="success">{t('badge.available')}</Badge> : null}
            {supported ? null : <Badge $tone="warning">{t('badge.unsupported')}</Badge>}
          </Row>
        </Row>
        {ONE_TIME_ONLY.includes(provider) ? (
          <Muted role="note" data-testid={`provider-${provider}-one-time`}>
            {t('oneTimeOnly')}
          </Muted>
        ) : null}
        <label htmlFor={switchId} style={{ display: 'flex', gap: '0.5rem', alignItems: 'center', cursor: 'pointer' }}>
          <input
            id={switchId}
            type="checkbox"
            checked={form.enabled}
            onChange={(e) => onChange({ ...form, enabled: e.target.checked })}
            data-testid={`provider-${provider}-enabled`}
          />
          {t('enabled')}
        </label>
        {PROVIDER_FIELDS[provider].map((field) => {
          const label = t(`field.${provider}.${field.key}`);
          const value = form.values[field.key] ?? '';
          const testId = `provider-${provider}-${field.key}`;
          if (field.kind === 'multiline') {
            return (
              <Field key={field.key} label={label} hint={t(`hint.${provider}.${field.key}`)}>
                <Textarea value={value} onChange={(e) => setValue(field.key, e.target.value)} maxLength={2000} data-testid={testId} />
              </Field>
            );
          }
          if (field.kind === 'text') {
            return (
              <Field key={field.key} label={label}>
                <Input
                  value={value}
                  onChange={(e) => setValue(field.key, e.target.value)}
                  maxLength={500}
                  autoComplete="off"
                  spellCheck={false}
                  data-testid={testId}
                />
              </Field>
            );
          }
          const stored = secretsSet[`${provider}.${field.key}`] === true;
          const clearing = form.clear[field.key] === true;
          const state = clearing ? t('secret.willClear') : stored ? t('secret.set') : t('secret.notSet');
          return (
            <Stack key={field.key} $gap="0.35rem">
              <Field label={label} hint={stored ? t('secret.keepHint') : undefined}>
                <Input
                  type="password"
                  value={value}
                  onChange={(e) => setValue(field.key, e.target.value)}
                  maxLength={500}
                  autoComplete="new-password"
                  spellCheck={false}
                  data-testid={testId}
                />
              </Field>
              <Row $wrap $gap="0.5rem">
                <Badge $tone={clearing ? 'warning' : stored ? 'success' : 'neutral'} data-testid={`${testId}-state`}>
                  {state}
                </Badge>
                {stored && !clearing ? (
                  <Button type="button" $variant="ghost" onClick={() => setClear(field.key, true)} data-testid={`${testId}-clear`}>
                    {t('secret.clear', { field: label })}
                  </Button>
                ) : null}
                {clearing ? (
                  <Button type="button" $variant="ghost" onClick={() => setClear(field.key, false)}>
                    {t('secret.keep')}
                  </Button>
                ) : null}
              </Row>
            </Stack>
          );
        })}
        {PROVIDER_FLAGS[provider].map((flag: string) => (
          <FlagBox
            key={flag}
            id={`provider-${provider}-${flag}`}
            label={t(`field.${provider}.${flag}`)}
            hint={t(`hint.${provider}.${flag}`)}
            checked={form.flags[flag] === true}
            onChange={(on) => onChange({ ...form, flags: { ...form.flags, [flag]: on } })}
          />
        ))}
        {webhook === undefined ? null : (
          <Field label={t('webhook')} hint={t(`hint.${provider}.webhook`, { defaultValue: t('webhookHint') })}>
            <WebhookAddress url={webhook} testId={`provider-${provider}-webhook`} onCopy={() => void copy(webhook)} />
          </Field>
        )}
      </Stack>
    </Card>
  );
}

/** A provider's on/off option as a labelled checkbox with its hint read out with it. */
function FlagBox({ id, label, hint, checked, onChange }: { id: string; label: string; hint: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <Stack $gap="0.2rem">
      <label htmlFor={id} style={{ display: 'flex', gap: '0.5rem', alignItems: 'center', cursor: 'pointer' }}>
        <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-describedby={`${id}-hint`} data-testid={id} />
        {label}
      </label>
      <Muted as="small" id={`${id}-hint`}>
        {hint}
      </Muted>
    </Stack>
  );
}

/** The address to register with the provider, read-only, with a copy button beside it. */
function WebhookAddress({ url, testId, onCopy, ...field }: { url: string; testId: string; onCopy: () => void }) {
  const { t } = useTranslation('ecommerce-payments');
  return (
    <Row $gap="0.5rem">
      <Input {...field} readOnly value={url} onFocus={(e) => e.currentTarget.select()} style={{ flex: 1, minWidth: 0 }} data-testid={`${testId}-url`} />
      <Button type="button" $variant="secondary" onClick={onCopy} data-testid={`${testId}-copy`}>
        {t('copy')}
      </Button>
    </Row>
  );
}
