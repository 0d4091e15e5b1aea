import { type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../ui/Field';
import { Card, Input, Row, Stack } from '../../ui/primitives';
import { ColourField, Fieldset, SaveBar, StyleSelect } from './controls';
import { isColour, str, withoutEmpty, type Section } from './model';
import { useDraft, useSaveSite, type TabProps } from './useSite';

export const BODY_STYLES = ['wide', 'boxed', 'framed'] as const;
const FONT = /^[A-Za-z0-9 ,_-]*$/;

interface Theme {
  bodyStyle: string;
  mode: 'light' | 'dark';
  primaryColor: string;
  accentColor: string;
  fontFamily: string;
}

const fromSection = (s: Section): Theme => ({
  bodyStyle: str(s.bodyStyle),
  mode: s.mode === 'dark' ? 'dark' : 'light',
  primaryColor: str(s.primaryColor),
  accentColor: str(s.accentColor),
  fontFamily: str(s.fontFamily),
});

/** The public site's look: page layout, light or dark mode, colours and font. */
export function ThemeTab({ site, onDirty }: TabProps) {
  const { t } = useTranslation('site');
  const { draft, setDraft, dirty, reset } = useDraft(fromSection(site.theme), onDirty);
  const save = useSaveSite();
  const set = <K extends keyof Theme>(key: K, value: Theme[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const coloursOk = [draft.primaryColor, draft.accentColor].every((c) => c === '' || isColour(c));
  const fontOk = FONT.test(draft.fontFamily);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!coloursOk || !fontOk) return;
    save.mutate({ theme: withoutEmpty({ ...draft }) });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Card>
          <Stack>
            <StyleSelect label={t('site.theme.bodyStyle')} value={draft.bodyStyle} options={BODY_STYLES} onChange={(v) => set('bodyStyle', v)} />
            <Fieldset>
              <legend>{t('site.theme.mode')}</legend>
              <Row $wrap>
                {(['light', 'dark'] as const).map((mode) => (
                  <label key={mode} style={{ display: 'inline-flex', gap: '0.4rem', alignItems: 'center' }}>
                    <input type="radio" name="site-theme-mode" value={mode} checked={draft.mode === mode} onChange={() => set('mode', mode)} />
                    {t(`site.theme.modes.${mode}`)}
                  </label>
                ))}
              </Row>
            </Fieldset>
            <ColourField label={t('site.theme.primaryColor')} value={draft.primaryColor} onChange={(v) => set('primaryColor', v.trim())} />
            <ColourField label={t('site.theme.accentColor')} value={draft.accentColor} onChange={(v) => set('accentColor', v.trim())} />
            <Field label={t('site.theme.fontFamily')} hint={t('site.theme.fontFamilyHint')} error={fontOk ? null : t('site.theme.fontFamilyInvalid')}>
              <Input value={draft.fontFamily} maxLength={80} placeholder="Inter, sans-serif" onChange={(e) => set('fontFamily', e.target.value)} />
            </Field>
          </Stack>
        </Card>
        <SaveBar dirty={dirty} busy={save.isPending} error={save.error} onReset={() => (reset(), save.reset())} />
      </Stack>
    </form>
  );
}
