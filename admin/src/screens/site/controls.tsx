import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Field } from '../../ui/Field';
import { Badge, Button, Input, Row, Select, Stack } from '../../ui/primitives';
import { errorText } from '../../ui/states';
import { isColour, LINK_URL, moveItem, removeAt, replaceAt } from './model';

const CheckLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  cursor: pointer;
  input {
    width: 1.05rem;
    height: 1.05rem;
    margin: 0;
  }
`;

/** A checkbox with its label beside it. */
export function Check({
  label,
  checked,
  onChange,
  disabled,
  testId,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <CheckLabel>
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} data-testid={testId} />
      {label}
    </CheckLabel>
  );
}

export const Fieldset = styled.fieldset`
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 8px;
  padding: 0.9rem 1rem;
  margin: 0;
  min-width: 0;
  legend {
    font-weight: 600;
    padding: 0 0.35rem;
  }
`;

/** Save and undo for a tab, the unsaved mark, and the server's refusal when it has one. */
export function SaveBar({
  dirty,
  busy,
  error,
  onReset,
  saveLabel,
}: {
  dirty: boolean;
  busy: boolean;
  error: unknown;
  onReset: () => void;
  saveLabel?: string;
}) {
  const { t } = useTranslation('site');
  return (
    <Stack $gap="0.5rem">
      {error ? (
        <p role="alert" style={{ margin: 0 }} data-testid="save-error">
          <Badge $tone="danger">{t('site.saveFailed')}</Badge> {errorText(t, error)}
        </p>
      ) : null}
      <Row $wrap>
        <Button type="submit" disabled={busy || !dirty}>
          {busy ? t('common.saving') : (saveLabel ?? t('common.save'))}
        </Button>
        <Button type="button" $variant="ghost" disabled={busy || !dirty} onClick={onReset}>
          {t('site.undo')}
        </Button>
        {dirty ? <Badge $tone="warning">{t('site.unsaved')}</Badge> : null}
      </Row>
    </Stack>
  );
}

const Swatch = styled.span<{ $colour: string }>`
  display: inline-block;
  width: 1.6rem;
  height: 1.6rem;
  border-radius: 4px;
  border: 1px solid ${(p) => p.theme.border};
  background: ${(p) => p.$colour};
  flex: none;
`;

/** A colour typed as hex or rgba(), checked as the server checks it, with a swatch. */
export function ColourField({ label, value, onChange, hint }: { label: string; value: string; onChange: (value: string) => void; hint?: string }) {
  const { t } = useTranslation('site');
  const invalid = value !== '' && !isColour(value);
  return (
    <Row $gap="0.5rem" style={{ alignItems: 'flex-start' }}>
      <div style={{ flex: 1 }}>
        <Field label={label} hint={hint ?? t('site.colourHint')} error={invalid ? t('site.colourInvalid') : null}>
          <Input value={value} maxLength={40} placeholder="#1d4ed8" onChange={(e) => onChange(e.target.value)} />
        </Field>
      </div>
      <Swatch $colour={!invalid && value !== '' ? value : 'transparent'} aria-hidden="true" style={{ marginTop: '1.75rem' }} />
    </Row>
  );
}

/** A style name chosen from known styles; a stored one we do not list is kept as an option. */
export function StyleSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('site');
  const all = value === '' || options.includes(value) ? options : [...options, value];
  return (
    <Field label={label}>
      <Select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('site.styles.default')}</option>
        {all.map((style) => (
          <option key={style} value={style}>
            {t(`site.styles.${style}`, { defaultValue: style })}
          </option>
        ))}
      </Select>
    </Field>
  );
}

export interface LinkItem {
  label: string;
  url: string;
  new_tab?: boolean;
}

export const linkProblem = (link: LinkItem) => link.label.trim() === '' || !LINK_URL.test(link.url);

/** A list of links (label, URL, new tab) with add, reorder and remove. */
export function LinksEditor({ links, onChange, max, legend }: { links: LinkItem[]; onChange: (links: LinkItem[]) => void; max: number; legend: string }) {
  const { t } = useTranslation('site');
  return (
    <Fieldset>
      <legend>{legend}</legend>
      <Stack $gap="0.75rem">
        {links.length === 0 ? <span>{t('site.links.none')}</span> : null}
        {links.map((link, index) => (
          <Row key={index} $wrap style={{ alignItems: 'flex-end' }}>
            <div style={{ flex: '1 1 10rem' }}>
              <Field label={t('site.links.label')} error={link.label.trim() === '' ? t('site.required') : null}>
                <Input value={link.label} maxLength={80} onChange={(e) => onChange(replaceAt(links, index, { ...link, label: e.target.value }))} />
              </Field>
            </div>
            <div style={{ flex: '2 1 14rem' }}>
              <Field label={t('site.links.url')} error={LINK_URL.test(link.url) ? null : t('site.links.urlInvalid')}>
                <Input
                  value={link.url}
                  maxLength={2048}
                  placeholder="/about"
                  onChange={(e) => onChange(replaceAt(links, index, { ...link, url: e.target.value }))}
                />
              </Field>
            </div>
            <Check
              label={t('site.links.newTab')}
              checked={link.new_tab === true}
              onChange={(checked) => onChange(replaceAt(links, index, { ...link, new_tab: checked }))}
            />
            <ItemButtons
              index={index}
              count={links.length}
              name={link.label}
              onMove={(delta) => onChange(moveItem(links, index, delta))}
              onRemove={() => onChange(removeAt(links, index))}
            />
          </Row>
        ))}
        <div>
          <Button type="button" $variant="secondary" disabled={links.length >= max} onClick={() => onChange([...links, { label: '', url: '/' }])}>
            {t('site.links.add')}
          </Button>
        </div>
      </Stack>
    </Fieldset>
  );
}

/** Up, down and remove for one entry of a list; the buttons name the entry for screen readers. */
export function ItemButtons({
  index,
  count,
  name,
  onMove,
  onRemove,
  extra,
}: {
  index: number;
  count: number;
  name: string;
  onMove: (delta: number) => void;
  onRemove?: () => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('site');
  const item = name.trim() === '' ? t('site.item', { n: index + 1 }) : name;
  return (
    <Row $gap="0.25rem">
      <Button
        type="button"
        $variant="ghost"
        disabled={index === 0}
        onClick={() => onMove(-1)}
        aria-label={t('site.moveUp', { item })}
        title={t('site.moveUp', { item })}
      >
        ↑
      </Button>
      <Button
        type="button"
        $variant="ghost"
        disabled={index === count - 1}
        onClick={() => onMove(1)}
        aria-label={t('site.moveDown', { item })}
        title={t('site.moveDown', { item })}
      >
        ↓
      </Button>
      {extra}
      {onRemove === undefined ? null : (
        <Button type="button" $variant="ghost" onClick={onRemove} aria-label={t('site.removeItem', { item })}>
          {t('common.remove')}
        </Button>
      )}
    </Row>
  );
}
