import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOTSTRAP_KEY, useBootstrap } from '../../api/bootstrap';
import { api } from '../../api/client';
import { ApiError } from '../../api/errors';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Field } from '../../ui/Field';
import { Badge, Button, Card, Input, Muted, Row, Stack } from '../../ui/primitives';
import { errorText } from '../../ui/states';
import { useToast } from '../../ui/toasts';
import { SaveBar } from './controls';
import { DomainProof, statusTone } from './DomainProof';
import { SITE_KEY, type SiteData } from './model';
import { useDraft, type TabProps } from './useSite';

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The server's domain-name check, so most mistakes show before saving (SPEC §5 custom domain). */
export function domainLooksValid(input: string): boolean {
  const domain = input.trim().toLowerCase().replace(/\.$/, '');
  if (domain === '' || domain.length > 253) return false;
  const labels = domain.split('.');
  return labels.length >= 2 && labels.every((label) => LABEL.test(label)) && /^[a-z]{2,63}$/.test(labels[labels.length - 1] ?? '');
}

/** The platform host the site answers on without a custom domain, when the dashboard can tell it. */
function slugAddress(siteUrl: string | undefined, slug: string, custom: string | null): string | null {
  if (siteUrl === undefined) return null;
  try {
    const host = new URL(siteUrl).host;
    if (host.startsWith(`${slug}.`)) return host;
    if (custom !== null && host === custom) return null;
  } catch {
    return null;
  }
  return null;
}

/**
 * The site's own domain name: set, change or remove it (PUT /api/account/site/domain), then prove
 * control with the TXT record shown below it (DomainProof); the site is served there once verified.
 */
export function DomainTab({ site, onDirty }: TabProps) {
  const { t } = useTranslation('site');
  const toast = useToast();
  const queries = useQueryClient();
  const boot = useBootstrap();
  const { draft, setDraft, dirty, reset } = useDraft(site.custom_domain ?? '', onDirty);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [touched, setTouched] = useState(false);
  const save = useMutation({
    mutationFn: (domain: string | null) => api<SiteData>('/api/account/site/domain', { method: 'PUT', body: { custom_domain: domain } }),
    onSuccess: (data, domain) => {
      queries.setQueryData(SITE_KEY, data);
      void queries.invalidateQueries({ queryKey: BOOTSTRAP_KEY });
      setConfirmRemove(false);
      setTouched(false);
      if (domain === null) toast(t('site.domain.removed'));
      else if (data.domain_status?.served === true) toast(t('site.domain.saved', { domain: data.custom_domain ?? '' }));
      else toast(t('site.domain.savedPending', { domain: data.custom_domain ?? '' }));
    },
    onError: (failure) => {
      setConfirmRemove(false);
      // Field-level errors are shown under the input; anything else is a toast.
      if (!(failure instanceof ApiError && (failure.code === 'invalid_domain' || failure.code === 'domain_taken' || failure.code === 'validation_failed')))
        toast(errorText(t, failure), 'danger');
    },
  });
  const trimmed = draft.trim();
  const clientError = touched && trimmed !== '' && !domainLooksValid(trimmed) ? t('site.domain.invalid') : null;
  const serverError =
    save.error instanceof ApiError
      ? save.error.code === 'domain_taken'
        ? t('site.domain.taken')
        : save.error.code === 'invalid_domain' || save.error.code === 'validation_failed'
          ? t('site.domain.invalidBecause', { reason: save.error.message })
          : null
      : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (trimmed === '') return site.custom_domain === null ? undefined : setConfirmRemove(true);
    if (!domainLooksValid(trimmed)) return;
    save.mutate(trimmed);
  };
  const address = slugAddress(boot.data?.account.site_url, site.slug, site.custom_domain);
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Card>
          <Stack>
            <Muted>{address === null ? t('site.domain.explainGeneric', { slug: site.slug }) : t('site.domain.explain', { address })}</Muted>
            <Row $gap="0.5rem" $wrap>
              <span>{t('site.domain.current')}</span>
              {site.custom_domain === null ? (
                <Badge>{t('site.domain.none')}</Badge>
              ) : (
                <Badge $tone={statusTone(site.domain_status?.status)}>{site.custom_domain}</Badge>
              )}
              {site.domain_status === null ? null : (
                <Badge $tone={statusTone(site.domain_status.status)} data-testid="domain-status" data-status={site.domain_status.status}>
                  {t(`site.domain.status.${site.domain_status.status}`)}
                </Badge>
              )}
            </Row>
            <Field label={t('site.domain.label')} hint={t('site.domain.hint')} error={serverError ?? clientError}>
              <Input
                value={draft}
                maxLength={253}
                placeholder="www.example.com"
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                onBlur={() => setTouched(true)}
                onChange={(e) => {
                  setDraft(e.target.value);
                  save.reset();
                }}
                data-testid="custom-domain"
              />
            </Field>
            <Muted>{t('site.domain.dns')}</Muted>
          </Stack>
        </Card>
        <SaveBar dirty={dirty && trimmed !== ''} busy={save.isPending} error={null} onReset={() => (reset(), save.reset(), setTouched(false))} />
        {site.domain_status === null || dirty ? null : <DomainProof status={site.domain_status} />}
        {site.custom_domain !== null ? (
          <div>
            <Button type="button" $variant="danger" onClick={() => setConfirmRemove(true)} disabled={save.isPending}>
              {t('site.domain.remove')}
            </Button>
          </div>
        ) : null}
      </Stack>
      <ConfirmDialog
        open={confirmRemove}
        title={t('site.domain.removeConfirm', { domain: site.custom_domain ?? '' })}
        body={address === null ? t('site.domain.removeBodyGeneric') : t('site.domain.removeBody', { address })}
        confirmLabel={t('site.domain.remove')}
        busy={save.isPending}
        onConfirm={() => save.mutate(null)}
        onClose={() => setConfirmRemove(false)}
      />
    </form>
  );
}
