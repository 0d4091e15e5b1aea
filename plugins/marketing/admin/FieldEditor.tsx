import { Button, Card, Field, Icon, Input, Row, Select, Stack, Textarea } from '@lectern/admin/kit';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoveButtons } from './MoveButtons';
import {
  fieldSetupProblem,
  FIELD_TYPES,
  FILE_KINDS,
  FILE_MB,
  MAX_FILE_FIELDS,
  type FieldSetupProblem,
  type FieldType,
  type FileKind,
  type FormField,
} from './model';

const KEY = /^[a-z][a-z0-9_]{0,39}$/;
const CHOICES: readonly FieldType[] = ['select', 'radio', 'checkbox'];
const TEXTS: readonly FieldType[] = ['text', 'textarea'];

/** A field key from its label: lower-case letters, digits and _, starting with a letter (the API's rule). */
export function keyFrom(label: string, taken: ReadonlySet<string>): string {
  const base =
    label
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^[^a-z]+|_+$/g, '')
      .slice(0, 32) || 'field';
  let key = base;
  for (let n = 2; taken.has(key); n++) key = `${base}_${n}`;
  return key;
}

/** What stops a field from being saved (the API's rules, said on the field), or null. */
const SETUP_KEYS: Record<FieldSetupProblem, string> = {
  key_taken: 'fields.keyTaken',
  options_required: 'fields.optionsRequired',
  options_repeat: 'fields.optionsRepeat',
  length_order: 'fields.lengthOrder',
  bounds_order: 'fields.boundsOrder',
  dates_order: 'fields.datesOrder',
  files_too_many: 'fields.filesTooMany',
};

export function fieldProblem(field: FormField, taken: ReadonlySet<string>, t: TFunction, filesBefore = 0): string | null {
  if (field.label.trim() === '') return t('fields.labelRequired');
  if (!KEY.test(field.key)) return t('fields.keyFormat');
  const problem = fieldSetupProblem(field, taken, filesBefore);
  return problem === null ? null : t(SETUP_KEYS[problem], { max: MAX_FILE_FIELDS });
}

/** A number input's value as the rule (blank: no rule). */
const numberOr = (text: string): number | undefined => (text.trim() === '' || Number.isNaN(Number(text)) ? undefined : Number(text));
/** Leaves a rule out when it is blank, so the saved field holds only the rules set. */
function withRule<K extends keyof FormField>(field: FormField, key: K, value: FormField[K] | undefined): FormField {
  const next = { ...field };
  if (value === undefined || value === '') delete next[key];
  else next[key] = value;
  return next;
}

/** One field of the builder: its type, label, key and the rules its type has; moved up or down, or removed. */
export function FieldEditor(props: {
  field: FormField;
  problem: string | null;
  taken: ReadonlySet<string>;
  onChange: (field: FormField) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  first: boolean;
  last: boolean;
  only: boolean;
}) {
  const { t } = useTranslation('marketing-admin');
  const { field, onChange } = props;
  const [optionsText, setOptionsText] = useState((field.options ?? []).join('\n'));
  const set = <K extends keyof FormField>(key: K, value: FormField[K] | undefined) => onChange(withRule(field, key, value));
  const changeType = (type: FieldType) => {
    const kept: FormField = {
      key: field.key,
      type,
      label: field.label,
      ...(field.help ? { help: field.help } : {}),
      ...(field.required ? { required: true } : {}),
    };
    if (CHOICES.includes(type) && field.options !== undefined) kept.options = field.options;
    onChange(kept);
  };
  return (
    <Card style={{ borderLeft: props.problem === null ? undefined : '3px solid var(--danger, #b42318)' }}>
      <Stack>
        <Row $wrap style={{ alignItems: 'flex-end' }}>
          <div style={{ flex: '2 1 14rem' }}>
            <Field label={t('fields.label')} error={props.problem}>
              <Input
                value={field.label}
                onChange={(e) => {
                  // The key follows the label until it is set by hand.
                  const followed = field.key === keyFrom(field.label, props.taken);
                  onChange({ ...field, label: e.target.value, ...(followed ? { key: keyFrom(e.target.value, props.taken) } : {}) });
                }}
                maxLength={300}
                data-testid="field-label"
              />
            </Field>
          </div>
          <div style={{ flex: '1 1 9rem' }}>
            <Field label={t('fields.type')}>
              <Select value={field.type} onChange={(e) => changeType(e.target.value as FieldType)} data-testid="field-type">
                {FIELD_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`fields.types.${type}`)}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <div style={{ flex: '1 1 9rem' }}>
            <Field label={t('fields.key')} hint={t('fields.keyHint')}>
              <Input value={field.key} onChange={(e) => onChange({ ...field, key: e.target.value.toLowerCase() })} maxLength={40} data-testid="field-key" />
            </Field>
          </div>
        </Row>
        <Row $wrap style={{ alignItems: 'center' }}>
          <label style={{ display: 'flex', gap: '0.5rem', alignItems: 'center' }}>
            <input
              type="checkbox"
              checked={field.required === true}
              onChange={(e) => set('required', e.target.checked || undefined)}
              data-testid="field-required"
            />
            {field.type === 'consent' ? t('fields.mustTick') : t('fields.required')}
          </label>
          {field.type === 'number' ? (
            <label style={{ display: 'flex', gap: '0.5rem', alignItems: 'center' }}>
              <input type="checkbox" checked={field.integer === true} onChange={(e) => set('integer', e.target.checked || undefined)} />
              {t('fields.integer')}
            </label>
          ) : null}
          <Row style={{ marginLeft: 'auto', gap: '0.25rem' }}>
            <MoveButtons
              first={props.first}
              last={props.last}
              onMove={props.onMove}
              up={t('fields.up', { label: field.label })}
              down={t('fields.down', { label: field.label })}
            />
            <Button
              type="button"
              $variant="ghost"
              onClick={props.onRemove}
              disabled={props.only}
              title={props.only ? t('fields.lastOne') : undefined}
              aria-label={t('fields.remove', { label: field.label })}
              data-testid="field-remove"
            >
              <Icon name="trash" />
            </Button>
          </Row>
        </Row>
        {TEXTS.includes(field.type) ? (
          <Row $wrap>
            <Field label={t('fields.minLength')}>
              <Input type="number" min={0} max={5000} value={field.min_length ?? ''} onChange={(e) => set('min_length', numberOr(e.target.value))} />
            </Field>
            <Field label={t('fields.maxLength')} hint={t('fields.maxLengthHint', { count: field.type === 'text' ? 300 : 5000 })}>
              <Input type="number" min={1} max={5000} value={field.max_length ?? ''} onChange={(e) => set('max_length', numberOr(e.target.value))} />
            </Field>
          </Row>
        ) : null}
        {field.type === 'number' ? (
          <Row $wrap>
            <Field label={t('fields.min')}>
              <Input type="number" value={field.min ?? ''} onChange={(e) => set('min', numberOr(e.target.value))} />
            </Field>
            <Field label={t('fields.max')}>
              <Input type="number" value={field.max ?? ''} onChange={(e) => set('max', numberOr(e.target.value))} />
            </Field>
          </Row>
        ) : null}
        {field.type === 'date' ? (
          <Row $wrap>
            <Field label={t('fields.minDate')}>
              <Input type="date" value={field.min_date ?? ''} onChange={(e) => set('min_date', e.target.value || undefined)} />
            </Field>
            <Field label={t('fields.maxDate')}>
              <Input type="date" value={field.max_date ?? ''} onChange={(e) => set('max_date', e.target.value || undefined)} />
            </Field>
          </Row>
        ) : null}
        {field.type === 'file' ? (
          <Row $wrap>
            <Field label={t('fields.accept')}>
              <Select
                value={field.accept ?? 'any'}
                onChange={(e) => set('accept', (e.target.value as FileKind) === 'any' ? undefined : (e.target.value as FileKind))}
                data-testid="field-accept"
              >
                {FILE_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`fields.accepts.${kind}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t('fields.maxMb')} hint={t('fields.maxMbHint', { max: FILE_MB.max })}>
              <Input
                type="number"
                min={1}
                max={FILE_MB.max}
                step={1}
                value={field.max_mb ?? FILE_MB.default}
                onChange={(e) => set('max_mb', numberOr(e.target.value))}
                data-testid="field-max-mb"
              />
            </Field>
          </Row>
        ) : null}
        {CHOICES.includes(field.type) ? (
          <Field label={t('fields.options')} hint={field.type === 'checkbox' ? t('fields.checkboxOptionsHint') : t('fields.optionsHint')}>
            <Textarea
              rows={3}
              value={optionsText}
              onChange={(e) => {
                // The text stays as typed (a new line may be empty for a moment); the field keeps its non-blank lines.
                setOptionsText(e.target.value);
                const options = e.target.value
                  .split('\n')
                  .map((line) => line.trim())
                  .filter(Boolean)
                  .slice(0, 100);
                set('options', options.length > 0 ? options : undefined);
              }}
              data-testid="field-options"
            />
          </Field>
        ) : null}
        {field.type === 'consent' ? null : (
          <Row $wrap>
            <div style={{ flex: '1 1 14rem' }}>
              <Field label={t('fields.help')}>
                <Input value={field.help ?? ''} onChange={(e) => set('help', e.target.value)} maxLength={500} />
              </Field>
            </div>
            {CHOICES.includes(field.type) || field.type === 'date' || field.type === 'file' ? null : (
              <div style={{ flex: '1 1 14rem' }}>
                <Field label={t('fields.placeholder')}>
                  <Input value={field.placeholder ?? ''} onChange={(e) => set('placeholder', e.target.value)} maxLength={200} />
                </Field>
              </div>
            )}
          </Row>
        )}
      </Stack>
    </Card>
  );
}
