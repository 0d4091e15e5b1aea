import { type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../ui/Field';
import { Card, Input, Stack } from '../../ui/primitives';
import { Check, Fieldset, SaveBar, StyleSelect } from './controls';
import { bool, isIntIn, num, str, type Section } from './model';
import { BlocksCard } from './blocks/BlocksCard';
import { useDraft, useSaveSite, type TabProps } from './useSite';

export const HEADER_STYLES = ['classic', 'centered', 'minimal', 'split'] as const;

interface Header {
  header_style: string;
  header_fix: boolean;
  header_fontsize: number;
  header_darklight: boolean;
  header_search: boolean;
  header_cart: boolean;
  header_login: boolean;
}

const fromSection = (s: Section): Header => ({
  header_style: str(s.header_style),
  header_fix: bool(s.header_fix),
  header_fontsize: num(s.header_fontsize, 16),
  header_darklight: bool(s.header_darklight, true),
  header_search: bool(s.header_search, true),
  header_cart: bool(s.header_cart),
  header_login: bool(s.header_login, true),
});

const TOGGLES = ['header_fix', 'header_darklight', 'header_search', 'header_cart', 'header_login'] as const;

/** The public site's header: its style, whether it stays fixed, its font size and which buttons it shows. */
export function HeaderTab({ site, onDirty }: TabProps) {
  const { t } = useTranslation('site');
  const { draft, setDraft, dirty, reset } = useDraft(fromSection(site.header), onDirty);
  const save = useSaveSite();
  const sizeOk = isIntIn(draft.header_fontsize, 10, 32);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!sizeOk) return;
    const { header_style: style, ...rest } = draft;
    save.mutate({ header: style === '' ? rest : draft });
  };
  return (
    <Stack>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Card>
            <Stack>
              <StyleSelect
                label={t('site.header.style')}
                value={draft.header_style}
                options={HEADER_STYLES}
                onChange={(v) => setDraft((d) => ({ ...d, header_style: v }))}
              />
              <Field label={t('site.header.fontSize')} hint={t('site.header.fontSizeHint')} error={sizeOk ? null : t('site.header.fontSizeInvalid')}>
                <Input
                  type="number"
                  min={10}
                  max={32}
                  step={1}
                  style={{ maxWidth: '10rem' }}
                  value={Number.isNaN(draft.header_fontsize) ? '' : draft.header_fontsize}
                  onChange={(e) => setDraft((d) => ({ ...d, header_fontsize: e.target.value === '' ? Number.NaN : Number(e.target.value) }))}
                />
              </Field>
              <Fieldset>
                <legend>{t('site.header.show')}</legend>
                <Stack $gap="0.6rem">
                  {TOGGLES.map((key) => (
                    <Check key={key} label={t(`site.header.${key}`)} checked={draft[key]} onChange={(checked) => setDraft((d) => ({ ...d, [key]: checked }))} />
                  ))}
                </Stack>
              </Fieldset>
            </Stack>
          </Card>
          <SaveBar dirty={dirty} busy={save.isPending} error={save.error} onReset={() => (reset(), save.reset())} />
        </Stack>
      </form>
      <BlocksCard part="header" site={site} />
    </Stack>
  );
}
