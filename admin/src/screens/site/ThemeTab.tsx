import { type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../ui/Field';
import { FONT_FAMILIES } from '@lectern/theme-default/fonts';
import { Card, Row, Select, Stack } from '../../ui/primitives';
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

/** SPEC §9: the 17 self-hosted families with their weights; an older free-text value is kept as its own option. */
const findFont = (value: string) => {
  const wanted =
    value
      .split(',', 1)[0]
      ?.trim()
      .replace(/^['"]|['"]$/g, '')
      .toLowerCase() ?? '';
  return FONT_FAMILIES.find((family) => family.id === wanted || family.label.toLowerCase() === wanted);
};
const isKnownFont = (value: string) => value === '' || findFont(value) !== undefined;
const fontChoice = (value: string) => findFont(value)?.id ?? value;
/** A variable font's axis reads as a range (100–900); a static family lists its weights. */
const weightsOf = (weights: readonly number[]) => {
  const first = weights[0] ?? 400;
  const last = weights[weights.length - 1] ?? first;
  const contiguous = weights.length > 2 && weights.every((weight, index) => weight === first + index * 100);
  return contiguous ? `${first}–${last}` : weights.join(', ');
};

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
              <Select value={fontChoice(draft.fontFamily)} onChange={(e) => set('fontFamily', e.target.value)} data-testid="font-family">
                <option value="">{t('site.theme.fontFamilySystem')}</option>
                {FONT_FAMILIES.map((family) => (
                  <option key={family.id} value={family.id} style={{ fontFamily: family.stack }}>
                    {`${family.label} (${weightsOf(family.weights)})`}
                  </option>
                ))}
                {isKnownFont(draft.fontFamily) ? null : <option value={draft.fontFamily}>{draft.fontFamily}</option>}
              </Select>
            </Field>
          </Stack>
        </Card>
        <SaveBar dirty={dirty} busy={save.isPending} error={save.error} onReset={() => (reset(), save.reset())} />
      </Stack>
    </form>
  );
}
