import type { AppSettingsWire, AppWire, WebManifestWire } from '@lectern/sdk/wire';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { CACHE } from '../api/cache-times';
import { api } from '../api/client';
import { Field } from '../ui/Field';
import { PageHeader } from '../ui/PageHeader';
import { Badge, Button, Card, Input, Muted, Row, Select, Stack, Textarea } from '../ui/primitives';
import { ErrorState, errorText, Loading } from '../ui/states';
import { useToast } from '../ui/toasts';
import { HEX, IMAGE_REF, moveItem, removeAt, replaceAt, str } from './site/model';
import { ItemButtons } from './site/controls';

type AppSettingsData = AppSettingsWire;
type Manifest = WebManifestWire;
interface Draft {
  name: string;
  short_name: string;
  description: string;
  theme_color: string;
  background_color: string;
  display: '' | 'standalone' | 'minimal-ui' | 'browser';
  icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
}

const KEY = ['app-settings'] as const;
const DISPLAYS = ['standalone', 'minimal-ui', 'browser'] as const;
const SIZES = /^(?:any|\d{1,4}x\d{1,4})(?: (?:any|\d{1,4}x\d{1,4}))*$/;
const MIME = /^image\/[a-z0-9.+-]+$/;
const REQUIRED_SIZES = ['192x192', '512x512'];

const toDraft = (s: AppSettingsData): Draft => ({
  name: str(s.name),
  short_name: str(s.short_name),
  description: str(s.description),
  theme_color: str(s.theme_color),
  background_color: str(s.background_color),
  display: s.display ?? '',
  icons: (s.icons ?? []).map((i) => ({ src: i.src, sizes: i.sizes, type: i.type ?? '', purpose: i.purpose ?? '' })),
});

function toBody(d: Draft): AppSettingsData {
  const body: AppSettingsData = {};
  if (d.name.trim() !== '') body.name = d.name.trim();
  if (d.short_name.trim() !== '') body.short_name = d.short_name.trim();
  if (d.description.trim() !== '') body.description = d.description.trim();
  if (d.theme_color !== '') body.theme_color = d.theme_color;
  if (d.background_color !== '') body.background_color = d.background_color;
  if (d.display !== '') body.display = d.display;
  if (d.icons.length > 0)
    body.icons = d.icons.map((i) => ({
      src: i.src.trim(),
      sizes: i.sizes.trim(),
      ...(i.type.trim() === '' ? {} : { type: i.type.trim() }),
      ...(i.purpose.trim() === '' ? {} : { purpose: i.purpose.trim() }),
    }));
  return body;
}

/** `<input type=color>` only takes #rrggbb. */
const sixDigits = (hex: string) => (/^#[0-9a-fA-F]{3}$/.test(hex) ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex).toLowerCase();

/** The site as an installable web app (GET/PUT /api/account/app), with a live preview. */
export default function AppSettings() {
  const { t } = useTranslation('app');
  const app = useQuery({ queryKey: KEY, queryFn: () => api<AppWire>('/api/account/app'), staleTime: CACHE.options });
  return (
    <>
      <PageHeader
        title={t('app.title')}
        actions={
          <a href="/manifest.webmanifest" target="_blank" rel="noreferrer">
            {t('app.viewManifest')}
          </a>
        }
      />
      {app.isPending ? (
        <Loading />
      ) : app.isError ? (
        <ErrorState error={app.error} retry={() => void app.refetch()} />
      ) : (
        <AppForm settings={app.data.settings} manifest={app.data.manifest} />
      )}
    </>
  );
}

const PreviewTile = styled.div<{ $bg: string }>`
  border-radius: 14px;
  overflow: hidden;
  border: 1px solid ${(p) => p.theme.border};
  background: ${(p) => p.$bg};
  max-width: 18rem;
`;
const PreviewBar = styled.div<{ $bg: string }>`
  height: 1.6rem;
  background: ${(p) => p.$bg};
`;
const PreviewBody = styled.div`
  display: grid;
  place-items: center;
  gap: 0.6rem;
  padding: 1.5rem 1rem;
  text-align: center;
  img,
  .placeholder {
    width: 72px;
    height: 72px;
    border-radius: 16px;
    object-fit: cover;
    background: rgba(0, 0, 0, 0.08);
  }
`;

/** Dark text on light backgrounds and the other way round, so the preview stays readable. */
function readableOn(hex: string): string {
  const full = sixDigits(hex);
  if (!/^#[0-9a-f]{6}$/.test(full)) return '#111827';
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
  return r * 0.299 + g * 0.587 + b * 0.114 > 150 ? '#111827' : '#ffffff';
}

function AppForm({ settings, manifest }: { settings: AppSettingsData; manifest: Manifest }) {
  const { t } = useTranslation('app');
  const toast = useToast();
  const queries = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => toDraft(settings));
  const [submitted, setSubmitted] = useState(false);
  const dirty = JSON.stringify(draft) !== JSON.stringify(toDraft(settings));
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  const save = useMutation({
    mutationFn: (body: AppSettingsData) => api<AppWire>('/api/account/app', { method: 'PUT', body }),
    onSuccess: (data) => {
      queries.setQueryData(KEY, data);
      setDraft(toDraft(data.settings));
      setSubmitted(false);
      toast(t('common.saved'));
    },
  });
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setIcon = (index: number, patch: Partial<Draft['icons'][number]>) =>
    set('icons', replaceAt(draft.icons, index, { ...(draft.icons[index] as Draft['icons'][number]), ...patch }));

  const errors = {
    theme_color: draft.theme_color !== '' && !HEX.test(draft.theme_color) ? t('app.colourInvalid') : null,
    background_color: draft.background_color !== '' && !HEX.test(draft.background_color) ? t('app.colourInvalid') : null,
    short_name: [...draft.short_name.trim()].length > 12 ? t('app.shortNameTooLong') : null,
  };
  const iconErrors = draft.icons.map((icon) => ({
    src: icon.src.trim() === '' || !IMAGE_REF.test(icon.src.trim()) ? t('app.icons.srcInvalid') : null,
    sizes: SIZES.test(icon.sizes.trim()) ? null : t('app.icons.sizesInvalid'),
    type: icon.type.trim() === '' || MIME.test(icon.type.trim()) ? null : t('app.icons.typeInvalid'),
  }));
  const sizes = new Set(draft.icons.flatMap((i) => i.sizes.trim().split(' ')));
  const missing = draft.icons.length === 0 ? [] : REQUIRED_SIZES.filter((s) => !sizes.has(s));
  const valid = Object.values(errors).every((e) => e === null) && iconErrors.every((e) => Object.values(e).every((v) => v === null)) && missing.length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!valid) return;
    save.mutate(toBody(draft));
  };

  // The preview shows what the manifest will hold: the draft where set, the account defaults otherwise.
  const name = draft.name.trim() || manifest.name;
  const shortName = draft.short_name.trim() || (draft.name.trim() === '' ? manifest.short_name : [...name].slice(0, 12).join(''));
  const themeColour = HEX.test(draft.theme_color) ? draft.theme_color : manifest.theme_color;
  const background = HEX.test(draft.background_color) ? draft.background_color : manifest.background_color;
  const previewIcon = draft.icons.find((i) => /^https?:\/\/|^\//.test(i.src.trim()))?.src.trim() ?? manifest.icons[0]?.src;

  return (
    <Row $wrap style={{ alignItems: 'flex-start', gap: '1.25rem' }}>
      <form onSubmit={submit} noValidate style={{ flex: '3 1 24rem', minWidth: 0 }}>
        <Stack>
          <Card>
            <Stack>
              <Muted>{t('app.intro')}</Muted>
              <Field label={t('app.name')} hint={t('app.nameHint', { name: manifest.name })}>
                <Input value={draft.name} maxLength={45} placeholder={manifest.name} onChange={(e) => set('name', e.target.value)} />
              </Field>
              <Field label={t('app.shortName')} hint={t('app.shortNameHint')} error={errors.short_name}>
                <Input value={draft.short_name} maxLength={12} placeholder={manifest.short_name} onChange={(e) => set('short_name', e.target.value)} />
              </Field>
              <Field label={t('app.description')}>
                <Textarea value={draft.description} maxLength={200} onChange={(e) => set('description', e.target.value)} />
              </Field>
              <ColourPicker
                label={t('app.themeColor')}
                hint={t('app.themeColorHint')}
                value={draft.theme_color}
                fallback={manifest.theme_color}
                error={errors.theme_color}
                onChange={(v) => set('theme_color', v)}
              />
              <ColourPicker
                label={t('app.backgroundColor')}
                hint={t('app.backgroundColorHint')}
                value={draft.background_color}
                fallback={manifest.background_color}
                error={errors.background_color}
                onChange={(v) => set('background_color', v)}
              />
              <Field label={t('app.display')} hint={t('app.displayHint')}>
                <Select value={draft.display} onChange={(e) => set('display', e.target.value as Draft['display'])}>
                  <option value="">{t('app.displayDefault', { display: t(`app.displays.${manifest.display}`, { defaultValue: manifest.display }) })}</option>
                  {DISPLAYS.map((d) => (
                    <option key={d} value={d}>
                      {t(`app.displays.${d}`)}
                    </option>
                  ))}
                </Select>
              </Field>
            </Stack>
          </Card>
          <Card>
            <h2 style={{ marginTop: 0 }}>{t('app.icons.title')}</h2>
            <Muted style={{ marginBottom: '1rem' }}>{t('app.icons.hint')}</Muted>
            <Stack>
              {draft.icons.length === 0 ? <Muted>{t('app.icons.none')}</Muted> : null}
              {draft.icons.map((icon, index) => (
                <Card key={index} as="div" data-testid="app-icon">
                  <Stack $gap="0.6rem">
                    <Field label={t('app.icons.src')} hint={t('app.icons.srcHint')} error={submitted || icon.src !== '' ? iconErrors[index]?.src : null}>
                      <Input value={icon.src} maxLength={2048} placeholder="https://…/icon-512.png" onChange={(e) => setIcon(index, { src: e.target.value })} />
                    </Field>
                    <Row $wrap style={{ alignItems: 'flex-start' }}>
                      <div style={{ flex: '1 1 9rem' }}>
                        <Field label={t('app.icons.sizes')} hint={t('app.icons.sizesHint')} error={iconErrors[index]?.sizes}>
                          <Input value={icon.sizes} maxLength={100} placeholder="512x512" onChange={(e) => setIcon(index, { sizes: e.target.value })} />
                        </Field>
                      </div>
                      <div style={{ flex: '1 1 9rem' }}>
                        <Field label={t('app.icons.type')} hint={t('app.icons.typeHint')} error={iconErrors[index]?.type}>
                          <Input value={icon.type} maxLength={60} placeholder="image/png" onChange={(e) => setIcon(index, { type: e.target.value })} />
                        </Field>
                      </div>
                    </Row>
                    <ItemButtons
                      index={index}
                      count={draft.icons.length}
                      name={icon.sizes || t('app.icons.icon', { n: index + 1 })}
                      onMove={(delta) => set('icons', moveItem(draft.icons, index, delta))}
                      onRemove={() => set('icons', removeAt(draft.icons, index))}
                    />
                  </Stack>
                </Card>
              ))}
              {missing.length > 0 ? (
                <p role="alert" style={{ margin: 0 }}>
                  <Badge $tone="warning">{t('app.icons.missingTitle')}</Badge> {t('app.icons.missing', { sizes: missing.join(', ') })}
                </p>
              ) : null}
              <div>
                <Button
                  type="button"
                  $variant="secondary"
                  disabled={draft.icons.length >= 20}
                  onClick={() =>
                    set('icons', [...draft.icons, { src: '', sizes: draft.icons.length === 0 ? '192x192' : '512x512', type: 'image/png', purpose: '' }])
                  }
                >
                  {t('app.icons.add')}
                </Button>
              </div>
            </Stack>
          </Card>
          {save.error ? (
            <p role="alert" style={{ margin: 0 }}>
              <Badge $tone="danger">{t('app.saveFailed')}</Badge> {errorText(t, save.error)}
            </p>
          ) : submitted && !valid ? (
            <p role="alert" style={{ margin: 0 }}>
              {t('app.fixErrors')}
            </p>
          ) : null}
          <Row $wrap>
            <Button type="submit" disabled={save.isPending || !dirty}>
              {save.isPending ? t('common.saving') : t('common.save')}
            </Button>
            <Button
              type="button"
              $variant="ghost"
              disabled={save.isPending || !dirty}
              onClick={() => (setDraft(toDraft(settings)), save.reset(), setSubmitted(false))}
            >
              {t('app.undo')}
            </Button>
            {dirty ? <Badge $tone="warning">{t('app.unsaved')}</Badge> : null}
          </Row>
        </Stack>
      </form>
      <aside style={{ flex: '1 1 14rem' }} aria-labelledby="app-preview-title">
        <Card>
          <h2 id="app-preview-title" style={{ marginTop: 0 }}>
            {t('app.preview')}
          </h2>
          <PreviewTile $bg={background} data-testid="app-preview">
            <PreviewBar $bg={themeColour} />
            <PreviewBody style={{ color: readableOn(background) }}>
              {previewIcon === undefined ? <span className="placeholder" aria-hidden="true" /> : <img src={previewIcon} alt={t('app.previewIcon')} />}
              <strong>{name}</strong>
              <small>{shortName}</small>
            </PreviewBody>
          </PreviewTile>
          <Muted style={{ marginTop: '0.75rem' }}>{t('app.previewHint')}</Muted>
          <p>
            <a href="/manifest.webmanifest" target="_blank" rel="noreferrer">
              {t('app.viewManifest')}
            </a>
          </p>
        </Card>
      </aside>
    </Row>
  );
}

/** A colour as a picker and as text (#rrggbb or #rgb); empty uses the account default. */
function ColourPicker({
  label,
  hint,
  value,
  fallback,
  error,
  onChange,
}: {
  label: string;
  hint: string;
  value: string;
  fallback: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('app');
  const shown = HEX.test(value) ? sixDigits(value) : HEX.test(fallback) ? sixDigits(fallback) : '#ffffff';
  return (
    <Row $gap="0.5rem" style={{ alignItems: 'flex-start' }}>
      <input
        type="color"
        value={shown}
        aria-label={t('app.pick', { what: label })}
        onChange={(e) => onChange(e.target.value)}
        style={{ marginTop: '1.6rem', width: '2.6rem', height: '2.25rem', padding: 0, border: 0, background: 'transparent' }}
      />
      <div style={{ flex: 1 }}>
        <Field label={label} hint={value === '' ? t('app.colourDefault', { colour: fallback, hint }) : hint} error={error}>
          <Input value={value} maxLength={7} placeholder={fallback} spellCheck={false} onChange={(e) => onChange(e.target.value.trim())} />
        </Field>
      </div>
    </Row>
  );
}
