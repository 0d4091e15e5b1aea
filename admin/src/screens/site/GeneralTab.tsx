import { useMutation } from '@tanstack/react-query';
import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { supabase } from '../../auth/supabase';
import { LANGUAGES, isLanguage } from '../../i18n/languages';
import { Field } from '../../ui/Field';
import { Button, Card, Input, Muted, Row, Select, Stack } from '../../ui/primitives';
import { errorText } from '../../ui/states';
import { useToast } from '../../ui/toasts';
import { Check, SaveBar } from './controls';
import { IMAGE_REF, isIntIn, num, pick, SETTINGS_KEYS, str, type Section } from './model';
import { useDraft, useSaveSite, type TabProps } from './useSite';

interface General {
  sitetitle: string;
  logo: string;
  dark_logo: string;
  icon: string;
  logo_width: number;
  currency: string;
  defaultLanguage: string;
  /** SPEC §4: the dashboard tour starts by itself for members who have not seen it. */
  onboard: boolean;
}

const fromSettings = (s: Section): General => ({
  sitetitle: str(s.sitetitle),
  logo: str(s.logo),
  dark_logo: str(s.dark_logo),
  icon: str(s.icon),
  logo_width: num(s.logo_width, 4),
  currency: str(s.currency, 'USD'),
  defaultLanguage: str(s.defaultLanguage, 'en'),
  onboard: s.onboard === true,
});

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/svg+xml', 'image/x-icon', 'image/vnd.microsoft.icon'];
const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** SPEC §9: the logo width setting is multiplied by 16 px. */
export const LOGO_UNIT_PX = 16;

const Preview = styled.div<{ $dark?: boolean }>`
  padding: 0.75rem;
  border-radius: 8px;
  border: 1px dashed ${(p) => p.theme.border};
  background: ${(p) => (p.$dark ? '#111827' : '#ffffff')};
  overflow: auto;
  img {
    display: block;
    max-width: 100%;
    height: auto;
  }
`;

/** Title, logos and icon, logo width, currency and default language (the settings section). */
export function GeneralTab({ site, onDirty }: TabProps) {
  const { t } = useTranslation('site');
  const { draft, setDraft, dirty, reset } = useDraft(fromSettings(site.settings), onDirty);
  const save = useSaveSite(true);
  const set = <K extends keyof General>(key: K, value: General[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const widthOk = isIntIn(draft.logo_width, 1, 40);
  const imagesOk = ([draft.logo, draft.dark_logo, draft.icon] as const).every((v) => IMAGE_REF.test(v));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!widthOk || !imagesOk) return;
    // The section is replaced whole: keep what other tabs own (the backend, the tour flag); "" clears an image.
    save.mutate({ settings: { ...pick(site.settings, SETTINGS_KEYS), ...draft } });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Card>
          <Stack>
            <Field label={t('site.general.sitetitle')} hint={t('site.general.sitetitleHint')}>
              <Input value={draft.sitetitle} maxLength={120} onChange={(e) => set('sitetitle', e.target.value)} />
            </Field>
            <ImageField
              label={t('site.general.logo')}
              kind="logo"
              value={draft.logo}
              onChange={(v) => set('logo', v)}
              width={widthOk ? draft.logo_width * LOGO_UNIT_PX : undefined}
            />
            <ImageField
              label={t('site.general.darkLogo')}
              kind="dark-logo"
              value={draft.dark_logo}
              onChange={(v) => set('dark_logo', v)}
              width={widthOk ? draft.logo_width * LOGO_UNIT_PX : undefined}
              dark
            />
            <ImageField
              label={t('site.general.icon')}
              kind="icon"
              value={draft.icon}
              onChange={(v) => set('icon', v)}
              width={48}
              hint={t('site.general.iconHint')}
            />
            <Row $wrap style={{ alignItems: 'flex-start' }}>
              <div style={{ flex: '0 1 12rem' }}>
                <Field label={t('site.general.logoWidth')} hint={t('site.general.logoWidthHint')} error={widthOk ? null : t('site.general.logoWidthInvalid')}>
                  <Input
                    type="number"
                    min={1}
                    max={40}
                    step={1}
                    value={Number.isNaN(draft.logo_width) ? '' : draft.logo_width}
                    onChange={(e) => set('logo_width', e.target.value === '' ? Number.NaN : Number(e.target.value))}
                  />
                </Field>
              </div>
              <output aria-live="polite" style={{ marginTop: '2rem' }} data-testid="logo-width-px">
                {widthOk ? t('site.general.logoWidthPx', { px: draft.logo_width * LOGO_UNIT_PX }) : ''}
              </output>
            </Row>
          </Stack>
        </Card>
        <Card>
          <Stack>
            <Field label={t('site.general.currency')} hint={t('site.general.currencyHint')}>
              <Select value={draft.currency} onChange={(e) => set('currency', e.target.value)}>
                {site.currencies.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.code} — {c.name}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t('site.general.language')} hint={t('site.general.languageHint')}>
              <Select value={draft.defaultLanguage} onChange={(e) => set('defaultLanguage', e.target.value)}>
                {site.languages.map((code) => (
                  <option key={code} value={code} lang={code}>
                    {isLanguage(code) ? LANGUAGES[code] : code}
                  </option>
                ))}
              </Select>
            </Field>
            <Check label={t('site.general.onboard')} checked={draft.onboard} onChange={(v) => set('onboard', v)} testId="onboard" />
          </Stack>
        </Card>
        <SaveBar dirty={dirty} busy={save.isPending} error={save.error} onReset={() => (reset(), save.reset())} />
      </Stack>
    </form>
  );
}

/** A URL field with an upload button that puts the file in the site's media storage. */
function ImageField({
  label,
  kind,
  value,
  onChange,
  width,
  dark,
  hint,
}: {
  label: string;
  kind: string;
  value: string;
  onChange: (value: string) => void;
  width?: number;
  dark?: boolean;
  hint?: string;
}) {
  const { t } = useTranslation('site');
  const toast = useToast();
  const fileId = useId();
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const extension = (file.name.split('.').pop() ?? '').toLowerCase().replace(/[^a-z0-9]/g, '') || 'png';
      const path = `site/${kind}-${Date.now()}.${extension}`;
      const { error } = await supabase().storage.from('media').upload(path, file, { upsert: true, contentType: file.type, cacheControl: '3600' });
      if (error !== null) throw error;
      return supabase().storage.from('media').getPublicUrl(path).data.publicUrl;
    },
    onSuccess: (url) => {
      onChange(url);
      toast(t('site.general.uploaded'));
    },
    onError: (failure) => toast(t('site.general.uploadFailed', { reason: errorText(t, failure) }), 'danger'),
  });
  const pick = (file: File | undefined) => {
    if (file === undefined) return;
    if (!IMAGE_TYPES.includes(file.type)) return toast(t('site.general.imageType'), 'danger');
    if (file.size > IMAGE_MAX_BYTES) return toast(t('site.general.imageSize'), 'danger');
    upload.mutate(file);
  };
  const valid = IMAGE_REF.test(value);
  return (
    <Stack $gap="0.5rem">
      <Field label={label} hint={hint ?? t('site.general.imageHint')} error={valid ? null : t('site.general.imageInvalid')}>
        <Input value={value} maxLength={2048} placeholder="https://…" onChange={(e) => onChange(e.target.value.trim())} />
      </Field>
      <Row $wrap $gap="0.5rem">
        <label htmlFor={fileId}>
          <Button
            as="span"
            $variant="secondary"
            role="button"
            tabIndex={0}
            aria-disabled={upload.isPending}
            onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && document.getElementById(fileId)?.click()}
          >
            {upload.isPending ? t('site.general.uploading') : t('site.general.upload', { what: label })}
          </Button>
        </label>
        <input
          id={fileId}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          className="visually-hidden"
          tabIndex={-1}
          onChange={(e) => (pick(e.target.files?.[0]), (e.target.value = ''))}
        />
        {value !== '' ? (
          <Button type="button" $variant="ghost" onClick={() => onChange('')}>
            {t('site.general.clearImage', { what: label })}
          </Button>
        ) : null}
      </Row>
      {value !== '' && valid && /^https?:\/\//.test(value) ? (
        <Preview $dark={dark}>
          <img src={value} alt={t('site.general.previewOf', { what: label })} style={width === undefined ? undefined : { width }} />
        </Preview>
      ) : value === '' ? (
        <Muted>{t('site.general.noImage')}</Muted>
      ) : null}
    </Stack>
  );
}
