import type { PlatformUpdateListWire, PlatformUpdateWire, PublishUpdateWire } from '@lectern/sdk/wire';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { api } from '../../api/client';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Field } from '../../ui/Field';
import { PageHeader } from '../../ui/PageHeader';
import { Pagination } from '../../ui/Pagination';
import { Button, Card, Input, Muted, Row, Select, Stack, Textarea } from '../../ui/primitives';
import { QueryView } from '../../ui/QueryView';
import { EmptyState, errorText } from '../../ui/states';
import { useToast } from '../../ui/toasts';

/** An update as the platform's routes answer it; its body is HTML the server sanitised when it was published. */
type PlatformUpdate = PlatformUpdateWire;

const LIMIT = 20;
const SEVERITIES = [1, 2, 3, 4, 5] as const;
/** The server's limits (core/src/updates/routes.ts). */
const TITLE_MAX = 200;
const BODY_MAX = 50_000;
const ROOT = 'platform-updates';

/** The same scale the alerts bell draws: 1 calm, 5 critical. */
const Dot = styled.span<{ $level: number }>`
  flex: none;
  display: inline-block;
  width: 0.75rem;
  height: 0.75rem;
  border-radius: 50%;
  background: ${({ theme, $level }) => ($level >= 4 ? theme.danger : $level === 3 ? theme.warning : $level === 2 ? theme.info : theme.success)};
`;

const Body = styled.div`
  overflow-wrap: anywhere;
  text-align: start;
  img,
  video,
  iframe {
    max-width: 100%;
    height: auto;
  }
  > :first-child {
    margin-top: 0;
  }
  > :last-child {
    margin-bottom: 0;
  }
`;

function Severity({ level }: { level: number }) {
  const { t } = useTranslation('updates');
  return (
    <Row $gap="0.4rem" data-severity={level}>
      <Dot $level={level} aria-hidden="true" />
      <span>{t('updates.severityOf', { level })}</span>
    </Row>
  );
}

/**
 * SPEC §2 super-admin /dashboard/updates: publish an update once for every account (their managers
 * see it in the alerts bell), browse what was published, withdraw one.
 */
export default function Updates() {
  const { t, i18n } = useTranslation('updates');
  const toast = useToast();
  const queries = useQueryClient();
  const [offset, setOffset] = useState(0);
  const [deleting, setDeleting] = useState<PlatformUpdate | null>(null);
  const list = useQuery({
    queryKey: [ROOT, offset],
    queryFn: () => api<PlatformUpdateListWire>('/api/platform/updates', { query: { limit: LIMIT, offset } }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api(`/api/platform/updates/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      setDeleting(null);
      toast(t('updates.deleted'));
      void queries.invalidateQueries({ queryKey: [ROOT] });
    },
    onError: (failure) => {
      setDeleting(null);
      toast(errorText(t, failure), 'danger');
    },
  });
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <>
      <PageHeader title={t('updates.title')} />
      <Stack>
        <PublishForm onPublished={() => setOffset(0)} />
        <section aria-labelledby="published-updates">
          <Row style={{ justifyContent: 'space-between', marginBottom: '0.75rem' }} $wrap>
            <h2 id="published-updates" style={{ margin: 0 }}>
              {t('updates.published')}
            </h2>
            {list.data === undefined ? null : <Muted>{t('updates.count', { count: list.data.total })}</Muted>}
          </Row>
          <QueryView query={list} isEmpty={(data) => data.updates.length === 0} empty={<EmptyState title={t('updates.none')} hint={t('updates.noneHint')} />}>
            {(data) => (
              <Stack $gap="0.75rem">
                {data.updates.map((update) => (
                  <Card key={update.id} as="article" data-update={update.id} aria-labelledby={`update-${update.id}`}>
                    <Row style={{ justifyContent: 'space-between', alignItems: 'flex-start' }} $wrap>
                      <div>
                        <h3 id={`update-${update.id}`} style={{ margin: '0 0 0.3rem' }}>
                          {update.title}
                        </h3>
                        <Row $wrap $gap="1rem">
                          <Severity level={update.severity} />
                          <Muted as="span">
                            <time dateTime={update.published_at}>{format.format(new Date(update.published_at))}</time>
                          </Muted>
                        </Row>
                      </div>
                      <Button $variant="ghost" onClick={() => setDeleting(update)} aria-label={t('updates.deleteNamed', { title: update.title })}>
                        {t('common.delete')}
                      </Button>
                    </Row>
                    {/* The only raw HTML here: the body was sanitised by the server (sanitizeRichText) when it was published. */}
                    <Body style={{ marginTop: '0.75rem' }} dangerouslySetInnerHTML={{ __html: update.body }} />
                  </Card>
                ))}
                <Pagination offset={offset} limit={LIMIT} total={data.total} onChange={setOffset} />
              </Stack>
            )}
          </QueryView>
        </section>
      </Stack>
      <ConfirmDialog
        open={deleting !== null}
        title={t('updates.confirmDelete', { title: deleting?.title ?? '' })}
        body={t('updates.confirmDeleteBody')}
        confirmLabel={t('common.delete')}
        busy={remove.isPending}
        onConfirm={() => deleting !== null && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

interface Errors {
  title?: string | null;
  body?: string | null;
}

function PublishForm({ onPublished }: { onPublished: () => void }) {
  const { t } = useTranslation('updates');
  const toast = useToast();
  const queries = useQueryClient();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [severity, setSeverity] = useState(1);
  const [errors, setErrors] = useState<Errors>({});
  const publish = useMutation({
    mutationFn: (input: Required<PublishUpdateWire>) => api<PlatformUpdate>('/api/platform/updates', { method: 'POST', body: input }),
    onSuccess: () => {
      setTitle('');
      setBody('');
      setSeverity(1);
      setErrors({});
      toast(t('updates.publishedToast'));
      onPublished();
      void queries.invalidateQueries({ queryKey: [ROOT] });
    },
    // A body made only of unsafe HTML is empty once sanitised: the server says so as a validation error.
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {
      title:
        title.trim() === ''
          ? t('updates.validation.titleRequired')
          : title.length > TITLE_MAX
            ? t('updates.validation.titleTooLong', { max: TITLE_MAX })
            : null,
      body: body.trim() === '' ? t('updates.validation.bodyRequired') : body.length > BODY_MAX ? t('updates.validation.bodyTooLong', { max: BODY_MAX }) : null,
    };
    setErrors(next);
    if (next.title === null && next.body === null) publish.mutate({ title, body, severity });
  };
  return (
    <Card aria-labelledby="publish-update">
      <h2 id="publish-update" style={{ marginTop: 0 }}>
        {t('updates.publish')}
      </h2>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Muted>{t('updates.publishIntro')}</Muted>
          <Field label={t('updates.field.title')} error={errors.title}>
            <Input value={title} onChange={(e) => setTitle(e.target.value)} autoComplete="off" />
          </Field>
          <Field label={t('updates.field.body')} hint={t('updates.field.bodyHint')} error={errors.body}>
            <Textarea
              rows={8}
              value={body}
              onChange={(e) => setBody(e.target.value)}
              spellCheck
              style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}
            />
          </Field>
          <Field label={t('updates.field.severity')}>
            <Select value={severity} onChange={(e) => setSeverity(Number(e.target.value))}>
              {SEVERITIES.map((level) => (
                <option key={level} value={level}>
                  {t('updates.severityOption', { level, name: t(`updates.level.${level}`) })}
                </option>
              ))}
            </Select>
          </Field>
          <div>
            <Button type="submit" disabled={publish.isPending}>
              {publish.isPending ? t('updates.publishing') : t('updates.publishButton')}
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}
