import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { BOOTSTRAP_KEY } from '../../api/bootstrap';
import { api } from '../../api/client';
import { ApiError } from '../../api/errors';
import { Button, Card, Muted, Row, Stack, Table, type Tone } from '../../ui/primitives';
import { errorText } from '../../ui/states';
import { useToast } from '../../ui/toasts';
import { SITE_KEY, type DomainStatus, type SiteData } from './model';

/** The badge colour of a domain's state. */
export function statusTone(status: DomainStatus['status'] | undefined): Tone {
  return status === 'verified' ? 'success' : status === 'failing' ? 'danger' : 'warning';
}

/** One click selects the whole value, so the owner copies it exactly. */
const Value = styled.code`
  user-select: all;
  word-break: break-all;
  font-size: 0.9rem;
`;

const Message = styled.p<{ $tone: Tone }>`
  margin: 0;
  color: ${({ theme, $tone }) => ($tone === 'neutral' ? theme.muted : theme[$tone])};
`;

/**
 * The proof of control of the custom domain: the TXT record to publish, a Verify button
 * (POST /api/account/site/domain/verify) and the state of the checks: pending until the record is
 * found, verified while the daily re-checks find it, failing when they stop finding it (the site
 * stops being served there after `failures_allowed` failures in a row).
 */
export function DomainProof({ status }: { status: DomainStatus }) {
  const { t, i18n } = useTranslation('site');
  const toast = useToast();
  const queries = useQueryClient();
  const verify = useMutation({
    mutationFn: () => api<SiteData>('/api/account/site/domain/verify', { method: 'POST', body: {} }),
    onSuccess: (data) => {
      queries.setQueryData(SITE_KEY, data);
      if (data.domain_status?.served === true) {
        void queries.invalidateQueries({ queryKey: BOOTSTRAP_KEY });
        toast(t('site.domain.verifiedToast', { domain: data.domain_status.domain }));
      }
    },
  });
  const when = (iso: string | null) =>
    iso === null ? null : new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const checked = when(status.checked_at);
  const failure =
    verify.error instanceof ApiError && verify.error.code === 'domain_taken'
      ? t('site.domain.taken')
      : verify.error === null
        ? null
        : errorText(t, verify.error);

  if (status.record === null) return null;
  return (
    <Card data-testid="domain-proof">
      <Stack>
        <strong>{t('site.domain.proofTitle', { domain: status.domain })}</strong>
        <Muted>{t('site.domain.proofExplain', { domain: status.domain })}</Muted>
        <Table>
          <thead>
            <tr>
              <th>{t('site.domain.recordType')}</th>
              <th>{t('site.domain.recordName')}</th>
              <th>{t('site.domain.recordValue')}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>
                <Value>{status.record.type}</Value>
              </td>
              <td>
                <Value data-testid="domain-record-name">{status.record.name}</Value>
              </td>
              <td>
                <Value data-testid="domain-record-value">{status.record.value}</Value>
              </td>
            </tr>
          </tbody>
        </Table>
        {status.status === 'verified' ? <Message $tone="success">{t('site.domain.keepRecord')}</Message> : null}
        {status.status === 'failing' ? (
          <Message $tone="danger" role="alert">
            {t('site.domain.failing', { reason: status.last_error ?? '', failures: status.failures, allowed: status.failures_allowed, domain: status.domain })}
          </Message>
        ) : null}
        {status.status === 'pending' && status.last_error !== null ? (
          <Message $tone="warning" role="status" data-testid="domain-last-error">
            {t('site.domain.notFoundYet', { reason: status.last_error })}
          </Message>
        ) : null}
        {failure === null ? null : (
          <Message $tone="danger" role="alert">
            {failure}
          </Message>
        )}
        <Row $gap="0.75rem" $wrap>
          <Button type="button" onClick={() => verify.mutate()} disabled={verify.isPending} data-testid="domain-verify">
            {verify.isPending ? t('site.domain.verifying') : t('site.domain.verify')}
          </Button>
          {checked === null ? null : <Muted>{t('site.domain.lastChecked', { when: checked })}</Muted>}
        </Row>
      </Stack>
    </Card>
  );
}
