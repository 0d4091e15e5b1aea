import {
  api,
  Badge,
  Button,
  Card,
  ConfirmDialog,
  errorText,
  Field,
  Grid,
  Icon,
  Input,
  Loading,
  Muted,
  Row,
  Select,
  Stack,
  StatTile,
  Textarea,
  useToast,
} from '@lectern/admin/kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { API, campaignKeys, EMAIL_BLOCK_TYPES, type EmailBlock, type EmailBlockType, type MarketingCampaign } from './model';
import { moved } from './moved';
import { MoveButtons } from './MoveButtons';
import { AudiencePicker, audienceDraftOf, audienceOfDraft } from './AudiencePicker';

const LINK = /^https?:\/\/[^\s<>"]+$/;
// The hints name the placeholders the campaign's text may hold: they are shown as written.
const LITERAL_PLACEHOLDERS = { name: '{{name}}', email: '{{email}}', site: '{{site}}' };
const newBlock = (type: EmailBlockType): EmailBlock =>
  type === 'divider'
    ? { type }
    : type === 'button'
      ? { type, label: '', url: 'https://' }
      : type === 'image'
        ? { type, url: 'https://', alt: '' }
        : { type, text: '' };

/** What is wrong with one block, in the owner's words (null: nothing). */
function blockProblem(block: EmailBlock, t: (key: string) => string): string | null {
  if ((block.type === 'heading' || block.type === 'text') && block.text.trim() === '') return t('campaigns.blockEmpty');
  if (block.type === 'button' && block.label.trim() === '') return t('campaigns.buttonLabel');
  if ((block.type === 'button' || block.type === 'image') && !LINK.test(block.url)) return t('campaigns.linkInvalid');
  return null;
}

/** A campaign: composed and sent while a draft, its figures once sent. */
export function CampaignEditor({ id, onDone }: { id: string | null; onDone: () => void }) {
  const campaign = useQuery({
    queryKey: campaignKeys.one(id ?? 'new'),
    queryFn: () => api<MarketingCampaign>(`${API}/campaigns/${id}`),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'sending' || query.state.data?.status === 'scheduled' ? 2000 : false),
  });
  if (id !== null && campaign.data === undefined) return <Loading />;
  const loaded = campaign.data ?? null;
  if (loaded !== null && loaded.status !== 'draft') return <CampaignFigures campaign={loaded} onDone={onDone} />;
  return <Composer campaign={loaded} onDone={onDone} />;
}

function CampaignFigures({ campaign, onDone }: { campaign: MarketingCampaign; onDone: () => void }) {
  const { t, i18n } = useTranslation('marketing-admin');
  const number = new Intl.NumberFormat(i18n.language);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const { recipients, sent, skipped, failed, opened, clicked } = campaign.stats;
  return (
    <Stack style={{ marginTop: '1rem' }} data-testid="campaign-figures">
      <Row $wrap style={{ justifyContent: 'space-between' }}>
        <h2 style={{ margin: 0 }}>{campaign.name}</h2>
        <Button $variant="secondary" onClick={onDone} data-testid="campaign-back">
          {t('campaigns.back')}
        </Button>
      </Row>
      <Muted>
        {t(`campaigns.statuses.${campaign.status}`)}
        {campaign.scheduled_at === null ? '' : ` · ${t('campaigns.scheduledFor', { when: date.format(new Date(campaign.scheduled_at)) })}`}
        {campaign.finished_at === null ? '' : ` · ${date.format(new Date(campaign.finished_at))}`}
      </Muted>
      {campaign.stop_reason === null ? null : <Badge $tone="danger">{t('campaigns.stopped', { reason: campaign.stop_reason })}</Badge>}
      <Grid $min="9rem">
        <StatTile testId="campaign-recipients" label={t('campaigns.recipients')} value={number.format(recipients)} />
        <StatTile testId="campaign-sent" label={t('campaigns.sent')} value={number.format(sent)} />
        <StatTile testId="campaign-opened" label={t('campaigns.opens')} value={number.format(opened)} />
        <StatTile testId="campaign-clicked" label={t('campaigns.clicks')} value={number.format(clicked)} />
        <StatTile label={t('campaigns.skipped')} value={number.format(skipped + failed)} hint={t('campaigns.skippedHint')} />
      </Grid>
    </Stack>
  );
}

function Composer({ campaign, onDone }: { campaign: MarketingCampaign | null; onDone: () => void }) {
  const { t } = useTranslation('marketing-admin');
  const toast = useToast();
  const queries = useQueryClient();
  const [id, setId] = useState(campaign?.id ?? null);
  const [name, setName] = useState(campaign?.name ?? '');
  const [subject, setSubject] = useState(campaign?.subject ?? '');
  const [preheader, setPreheader] = useState(campaign?.preheader ?? '');
  const [blocks, setBlocks] = useState<EmailBlock[]>(
    campaign?.blocks ?? [
      { type: 'heading', text: '' },
      { type: 'text', text: '' },
    ],
  );
  const [who, setWho] = useState(() => audienceDraftOf(campaign?.audience));
  const [newType, setNewType] = useState<EmailBlockType>('text');
  const [testTo, setTestTo] = useState('');
  const [at, setAt] = useState('');
  const [confirming, setConfirming] = useState<'now' | 'later' | null>(null);
  const [tried, setTried] = useState(false);
  const audience = useQuery({
    queryKey: ['marketing', 'campaigns', id, 'audience', who],
    queryFn: () => api<{ recipients: number }>(`${API}/campaigns/${id}/audience`),
    enabled: id !== null,
  });

  const problems = blocks.map((block) => blockProblem(block, t));
  const nameProblem = name.trim() === '' ? t('campaigns.nameRequired') : null;
  const ready = nameProblem === null && problems.every((problem) => problem === null);
  const body = { name: name.trim(), subject, preheader, blocks, audience: audienceOfDraft(who) };

  const save = useMutation({
    mutationFn: async () => {
      const saved =
        id === null
          ? await api<MarketingCampaign>(`${API}/campaigns`, { method: 'POST', body })
          : await api<MarketingCampaign>(`${API}/campaigns/${id}`, { method: 'PUT', body });
      setId(saved.id);
      void queries.invalidateQueries({ queryKey: campaignKeys.all });
      return saved;
    },
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  const test = useMutation({
    mutationFn: async () => {
      const saved = await save.mutateAsync();
      await api(`${API}/campaigns/${saved.id}/test`, { method: 'POST', body: { to: testTo.trim() } });
    },
    onSuccess: () => toast(t('campaigns.testSent', { to: testTo.trim() })),
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  const send = useMutation({
    mutationFn: async (when: 'now' | 'later') => {
      const saved = await save.mutateAsync();
      return api<MarketingCampaign>(`${API}/campaigns/${saved.id}/send`, { method: 'POST', body: when === 'later' ? { at: new Date(at).toISOString() } : {} });
    },
    onSuccess: (sent) => {
      setConfirming(null);
      toast(
        sent.status === 'scheduled'
          ? t('campaigns.scheduled', { name: sent.name })
          : t('campaigns.sending', { name: sent.name, people: sent.stats.recipients }),
      );
      void queries.invalidateQueries({ queryKey: campaignKeys.all });
      onDone();
    },
    onError: (failure) => {
      setConfirming(null);
      toast(errorText(t, failure), 'danger');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (ready)
      save.mutate(undefined, {
        onSuccess: (saved) => toast(t('campaigns.saved', { name: saved.name })),
      });
  };
  const askToSend = (when: 'now' | 'later') => {
    setTried(true);
    if (!ready) return;
    if (subject.trim() === '') return toast(t('campaigns.subjectRequired'), 'danger');
    if (when === 'later' && (at === '' || new Date(at).getTime() <= Date.now())) return toast(t('campaigns.pickLater'), 'danger');
    setConfirming(when);
  };
  const change = (index: number, next: EmailBlock) => setBlocks(blocks.map((block, i) => (i === index ? next : block)));
  const move = (index: number, by: -1 | 1) => setBlocks(moved(blocks, index, by));
  const busy = save.isPending || test.isPending || send.isPending;
  const count = audience.data?.recipients;

  return (
    <Card as="form" onSubmit={submit} noValidate data-testid="campaign-editor" style={{ marginTop: '1rem' }}>
      <Stack>
        <Row $wrap style={{ justifyContent: 'space-between' }}>
          <h2 style={{ margin: 0 }}>{campaign === null ? t('campaigns.newTitle') : t('campaigns.editTitle', { name: campaign.name })}</h2>
          <Button type="button" $variant="secondary" onClick={onDone}>
            {t('campaigns.back')}
          </Button>
        </Row>
        <Field label={t('campaigns.name')} hint={t('campaigns.nameHint')} error={tried ? nameProblem : null}>
          <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={120} autoFocus data-testid="campaign-name" />
        </Field>
        <Field label={t('campaigns.subject')} hint={t('campaigns.placeholdersHint', LITERAL_PLACEHOLDERS)}>
          <Input value={subject} onChange={(e) => setSubject(e.target.value)} maxLength={200} data-testid="campaign-subject" />
        </Field>
        <Field label={t('campaigns.preheader')} hint={t('campaigns.preheaderHint')}>
          <Input value={preheader} onChange={(e) => setPreheader(e.target.value)} maxLength={200} />
        </Field>

        <h3 style={{ margin: '0.5rem 0 0' }}>{t('campaigns.message')}</h3>
        <ol style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.75rem' }}>
          {blocks.map((block, index) => (
            <li key={index} data-testid="campaign-block">
              <Card>
                <Stack>
                  <Row $wrap style={{ justifyContent: 'space-between' }}>
                    <strong>{t(`campaigns.blocks.${block.type}`)}</strong>
                    <Row style={{ gap: '0.25rem' }}>
                      <MoveButtons
                        first={index === 0}
                        last={index === blocks.length - 1}
                        onMove={(by) => move(index, by)}
                        up={t('campaigns.moveUp')}
                        down={t('campaigns.moveDown')}
                      />
                      <Button
                        type="button"
                        $variant="ghost"
                        onClick={() => setBlocks(blocks.filter((_, i) => i !== index))}
                        aria-label={t('campaigns.removeBlock')}
                      >
                        <Icon name="trash" />
                      </Button>
                    </Row>
                  </Row>
                  <BlockFields block={block} onChange={(next) => change(index, next)} />
                  {tried && problems[index] !== null ? (
                    <p role="alert" style={{ color: 'var(--danger, #b91c1c)', margin: 0 }}>
                      {problems[index]}
                    </p>
                  ) : null}
                </Stack>
              </Card>
            </li>
          ))}
        </ol>
        <Row $wrap style={{ alignItems: 'flex-end' }}>
          <Field label={t('campaigns.newBlock')}>
            <Select value={newType} onChange={(e) => setNewType(e.target.value as EmailBlockType)} data-testid="new-block-type">
              {EMAIL_BLOCK_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`campaigns.blocks.${type}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Button
            type="button"
            $variant="secondary"
            onClick={() => setBlocks([...blocks, newBlock(newType)])}
            disabled={blocks.length >= 100}
            data-testid="add-block"
          >
            <Icon name="plus" />
            {t('campaigns.addBlock')}
          </Button>
        </Row>

        <h3 style={{ margin: '0.5rem 0 0' }}>{t('campaigns.audience')}</h3>
        <AudiencePicker value={who} onChange={setWho} />
        <Muted data-testid="campaign-audience">
          {id === null ? t('campaigns.audienceAfterSave') : count === undefined ? '…' : t('campaigns.audienceCount', { people: count })}
        </Muted>

        <Row $wrap style={{ alignItems: 'flex-end' }}>
          <Button type="submit" disabled={busy} data-testid="campaign-save">
            {save.isPending ? t('saving') : t('campaigns.saveDraft')}
          </Button>
        </Row>
        <Row $wrap style={{ alignItems: 'flex-end' }}>
          <Field label={t('campaigns.testTo')}>
            <Input type="email" value={testTo} onChange={(e) => setTestTo(e.target.value)} maxLength={254} data-testid="campaign-test-to" />
          </Field>
          <Button
            type="button"
            $variant="secondary"
            disabled={busy || !/^\S+@\S+\.\S+$/.test(testTo.trim())}
            title={t('campaigns.testHint')}
            onClick={() => ready && test.mutate()}
            data-testid="campaign-test"
          >
            {t('campaigns.sendTest')}
          </Button>
        </Row>
        <Row $wrap style={{ alignItems: 'flex-end' }}>
          <Button type="button" disabled={busy} onClick={() => askToSend('now')} data-testid="campaign-send">
            {t('campaigns.sendNow')}
          </Button>
          <Field label={t('campaigns.sendAt')}>
            <Input type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} data-testid="campaign-at" />
          </Field>
          <Button
            type="button"
            $variant="secondary"
            disabled={busy || at === ''}
            title={at === '' ? t('campaigns.pickLater') : undefined}
            onClick={() => askToSend('later')}
            data-testid="campaign-schedule"
          >
            {t('campaigns.schedule')}
          </Button>
        </Row>
      </Stack>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming === 'later' ? t('campaigns.confirmLaterTitle') : t('campaigns.confirmNowTitle')}
        body={
          confirming === 'later'
            ? `${t('campaigns.confirmBody', { people: count ?? 0 })} ${t('campaigns.confirmLaterNote')}`
            : t('campaigns.confirmBody', { people: count ?? 0 })
        }
        confirmLabel={confirming === 'later' ? t('campaigns.schedule') : t('campaigns.sendNow')}
        busy={send.isPending}
        onConfirm={() => confirming !== null && send.mutate(confirming)}
        onClose={() => setConfirming(null)}
      />
    </Card>
  );
}

function BlockFields({ block, onChange }: { block: EmailBlock; onChange: (block: EmailBlock) => void }) {
  const { t } = useTranslation('marketing-admin');
  switch (block.type) {
    case 'heading':
      return (
        <Field label={t('campaigns.fields.text')}>
          <Input value={block.text} onChange={(e) => onChange({ ...block, text: e.target.value })} maxLength={300} data-testid="block-text" />
        </Field>
      );
    case 'text':
      return (
        <Field label={t('campaigns.fields.text')} hint={t('campaigns.textHint', LITERAL_PLACEHOLDERS)}>
          <Textarea value={block.text} onChange={(e) => onChange({ ...block, text: e.target.value })} rows={5} maxLength={10_000} data-testid="block-text" />
        </Field>
      );
    case 'button':
      return (
        <Row $wrap>
          <Field label={t('campaigns.fields.label')}>
            <Input value={block.label} onChange={(e) => onChange({ ...block, label: e.target.value })} maxLength={100} data-testid="block-label" />
          </Field>
          <Field label={t('campaigns.fields.url')}>
            <Input type="url" value={block.url} onChange={(e) => onChange({ ...block, url: e.target.value.trim() })} maxLength={2000} data-testid="block-url" />
          </Field>
        </Row>
      );
    case 'image':
      return (
        <Row $wrap>
          <Field label={t('campaigns.fields.imageUrl')}>
            <Input type="url" value={block.url} onChange={(e) => onChange({ ...block, url: e.target.value.trim() })} maxLength={2000} />
          </Field>
          <Field label={t('campaigns.fields.alt')}>
            <Input value={block.alt} onChange={(e) => onChange({ ...block, alt: e.target.value })} maxLength={300} />
          </Field>
        </Row>
      );
    case 'divider':
      return <Muted>{t('campaigns.dividerHint')}</Muted>;
  }
}
