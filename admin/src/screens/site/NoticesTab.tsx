import { type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../ui/Field';
import { Card, Input, Row, Stack, Textarea } from '../../ui/primitives';
import { Check, ColourField, SaveBar } from './controls';
import { bool, fromLocalInput, isColour, str, toLocalInput, withoutEmpty, type Section } from './model';
import { useDraft, useSaveSite, type TabProps } from './useSite';

interface Notices {
  enable_header_notice: boolean;
  header_notice: string;
  header_notice_bg: string;
  header_notice_start: string;
  header_notice_expire: string;
  enable_footer_notice: boolean;
  footer_notice: string;
  footer_notice_bg: string;
}

const ms = (value: unknown) => (typeof value === 'number' ? value : undefined);

const fromSection = (s: Section): Notices => ({
  enable_header_notice: bool(s.enable_header_notice),
  header_notice: str(s.header_notice),
  header_notice_bg: str(s.header_notice_bg),
  header_notice_start: toLocalInput(ms(s.header_notice_start)),
  header_notice_expire: toLocalInput(ms(s.header_notice_expire)),
  enable_footer_notice: bool(s.enable_footer_notice),
  footer_notice: str(s.footer_notice),
  footer_notice_bg: str(s.footer_notice_bg),
});

/** SPEC §3 Notices: a header notice shown between a start and an expiry, and a footer notice. */
export function NoticesTab({ site, onDirty }: TabProps) {
  const { t } = useTranslation('site');
  const { draft, setDraft, dirty, reset } = useDraft(fromSection(site.notices), onDirty);
  const save = useSaveSite();
  const set = <K extends keyof Notices>(key: K, value: Notices[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const start = fromLocalInput(draft.header_notice_start);
  const expire = fromLocalInput(draft.header_notice_expire);
  const orderOk = start === undefined || expire === undefined || start < expire;
  const coloursOk = [draft.header_notice_bg, draft.footer_notice_bg].every((c) => c === '' || isColour(c));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!orderOk || !coloursOk) return;
    save.mutate({ notices: withoutEmpty({ ...draft, header_notice_start: start, header_notice_expire: expire }) });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Card>
          <h2 style={{ marginTop: 0 }}>{t('site.notices.header')}</h2>
          <Stack>
            <Check label={t('site.notices.enableHeader')} checked={draft.enable_header_notice} onChange={(v) => set('enable_header_notice', v)} />
            <Field label={t('site.notices.text')} hint={t('site.htmlHint')}>
              <Textarea value={draft.header_notice} maxLength={2000} onChange={(e) => set('header_notice', e.target.value)} />
            </Field>
            <ColourField label={t('site.notices.background')} value={draft.header_notice_bg} onChange={(v) => set('header_notice_bg', v.trim())} />
            <Row $wrap style={{ alignItems: 'flex-start' }}>
              <div style={{ flex: '1 1 14rem' }}>
                <Field label={t('site.notices.start')} hint={t('site.notices.startHint')}>
                  <Input type="datetime-local" value={draft.header_notice_start} onChange={(e) => set('header_notice_start', e.target.value)} />
                </Field>
              </div>
              <div style={{ flex: '1 1 14rem' }}>
                <Field label={t('site.notices.expire')} hint={t('site.notices.expireHint')} error={orderOk ? null : t('site.notices.orderInvalid')}>
                  <Input type="datetime-local" value={draft.header_notice_expire} onChange={(e) => set('header_notice_expire', e.target.value)} />
                </Field>
              </div>
            </Row>
          </Stack>
        </Card>
        <Card>
          <h2 style={{ marginTop: 0 }}>{t('site.notices.footer')}</h2>
          <Stack>
            <Check label={t('site.notices.enableFooter')} checked={draft.enable_footer_notice} onChange={(v) => set('enable_footer_notice', v)} />
            <Field label={t('site.notices.text')} hint={t('site.htmlHint')}>
              <Textarea value={draft.footer_notice} maxLength={2000} onChange={(e) => set('footer_notice', e.target.value)} />
            </Field>
            <ColourField label={t('site.notices.background')} value={draft.footer_notice_bg} onChange={(v) => set('footer_notice_bg', v.trim())} />
          </Stack>
        </Card>
        <SaveBar dirty={dirty} busy={save.isPending} error={save.error} onReset={() => (reset(), save.reset())} />
      </Stack>
    </form>
  );
}
