import { Field, Input, Muted, Row, Select, Stack, Textarea } from '@lectern/admin/kit';
import { useTranslation } from 'react-i18next';

/** The JSON Schema of a step's args as the catalogue sends it (TypeBox's output: objects of simple values). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
}

/** Choices the form offers for ids it knows: the site's lists and forms. */
export interface Pickers {
  lists: Array<{ id: string; name: string }>;
  forms: Array<{ id: string; name: string }>;
}

/** A key as words, for a step or argument no catalogue names yet: `emailList` and `list_id` read 'Email list', 'List id'. */
export const humanize = (key: string) =>
  key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .replace(/^\w/, (c) => c.toUpperCase());
const literalsOf = (schema: JsonSchema) => (schema.anyOf?.every((item) => item.const !== undefined) ? schema.anyOf.map((item) => String(item.const)) : null);
const typeOf = (schema: JsonSchema): string | undefined => {
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== 'null');
  return schema.type ?? schema.anyOf?.map(typeOf).find((type) => type !== undefined && type !== 'null');
};

/** Which ids a field names, from its step and name (so it offers the site's lists or forms to pick from). */
function pickerFor(stepKey: string, name: string, pickers: Pickers): Array<{ id: string; name: string }> | null {
  if (name === 'list_id') return pickers.lists;
  if (stepKey === 'form_id_equals' && name === 'id') return pickers.forms;
  return null;
}

/**
 * A form generated from a step's schema (issue 19 item 5): a field per property, its control from
 * the property's type (text, number, yes/no, a choice among literals, a list, weekdays), ids of the
 * site's lists and forms picked by name. Values are kept as the API takes them.
 */
export function SchemaFields({
  stepKey,
  schema,
  value,
  onChange,
  pickers,
}: {
  stepKey: string;
  schema: JsonSchema;
  value: Record<string, unknown>;
  onChange: (next: Record<string, unknown>) => void;
  pickers: Pickers;
}) {
  const { t } = useTranslation('marketing-admin');
  const entries = Object.entries(schema.properties ?? {});
  if (entries.length === 0) return <Muted>{t('automations.noSettings')}</Muted>;
  const set = (name: string, next: unknown) => {
    const copy = { ...value };
    if (next === undefined || next === '' || (Array.isArray(next) && next.length === 0)) delete copy[name];
    else copy[name] = next;
    onChange(copy);
  };
  return (
    <Stack>
      {entries.map(([name, property]) => {
        const label = `${t(`automations.args.${name}`, { defaultValue: humanize(name) })}${schema.required?.includes(name) ? ' *' : ''}`;
        const current = value[name];
        const literals = literalsOf(property);
        const picker = pickerFor(stepKey, name, pickers);
        if (literals !== null || picker !== null)
          return (
            <Field key={name} label={label}>
              <Select value={typeof current === 'string' ? current : ''} onChange={(e) => set(name, e.target.value)} data-testid={`arg-${name}`}>
                <option value="">—</option>
                {(picker ?? (literals ?? []).map((literal) => ({ id: literal, name: t(`automations.values.${literal}`, { defaultValue: literal }) }))).map(
                  (option) => (
                    <option key={option.id} value={option.id}>
                      {option.name}
                    </option>
                  ),
                )}
              </Select>
            </Field>
          );
        const type = typeOf(property);
        if (type === 'boolean')
          return (
            <label key={name} style={{ display: 'flex', gap: '0.5rem', alignItems: 'center' }}>
              <input type="checkbox" checked={current === true} onChange={(e) => set(name, e.target.checked)} data-testid={`arg-${name}`} />
              {label}
            </label>
          );
        if (type === 'integer' || type === 'number')
          return (
            <Field key={name} label={label}>
              <Input
                type="number"
                min={property.minimum}
                max={property.maximum}
                step={type === 'integer' ? 1 : 'any'}
                value={typeof current === 'number' ? current : ''}
                onChange={(e) => set(name, e.target.value === '' ? undefined : Number(e.target.value))}
                data-testid={`arg-${name}`}
              />
            </Field>
          );
        if (
          type === 'array' &&
          property.items !== undefined &&
          typeOf(property.items) === 'integer' &&
          property.items.minimum === 1 &&
          property.items.maximum === 7
        ) {
          // SPEC §9 day_of_week: 1 Monday … 7 Sunday.
          const days = Array.isArray(current) ? (current as number[]) : [];
          return (
            <fieldset key={name} style={{ border: 0, margin: 0, padding: 0 }}>
              <legend style={{ fontWeight: 600 }}>{label}</legend>
              <Row $wrap>
                {[1, 2, 3, 4, 5, 6, 7].map((day) => (
                  <label key={day} style={{ display: 'flex', gap: '0.35rem', alignItems: 'center' }}>
                    <input
                      type="checkbox"
                      checked={days.includes(day)}
                      onChange={(e) => set(name, e.target.checked ? [...days, day].sort() : days.filter((d) => d !== day))}
                    />
                    {t(`automations.weekdays.${day}`)}
                  </label>
                ))}
              </Row>
            </fieldset>
          );
        }
        const choices = type === 'array' && property.items !== undefined ? literalsOf(property.items) : null;
        if (choices !== null) {
          const chosen = Array.isArray(current) ? (current as string[]) : [];
          return (
            <fieldset key={name} style={{ border: 0, margin: 0, padding: 0 }} data-testid={`arg-${name}`}>
              <legend style={{ fontWeight: 600 }}>{label}</legend>
              <Row $wrap>
                {choices.map((choice) => (
                  <label key={choice} style={{ display: 'flex', gap: '0.35rem', alignItems: 'center' }}>
                    <input
                      type="checkbox"
                      checked={chosen.includes(choice)}
                      onChange={(e) => set(name, e.target.checked ? [...chosen, choice] : chosen.filter((item) => item !== choice))}
                    />
                    {t(`automations.values.${choice}`, { defaultValue: choice })}
                  </label>
                ))}
              </Row>
            </fieldset>
          );
        }
        if (type === 'array') {
          const items = Array.isArray(current) ? (current as unknown[]).map(String) : [];
          const numeric = property.items !== undefined && ['integer', 'number'].includes(typeOf(property.items) ?? '');
          return (
            <Field key={name} label={label} hint={t('automations.onePerLine')}>
              <Textarea
                rows={3}
                value={items.join('\n')}
                onChange={(e) => {
                  const lines = e.target.value.split('\n').map((line) => line.trim());
                  const kept = lines.filter(Boolean);
                  set(name, numeric ? kept.map(Number) : e.target.value.endsWith('\n') ? [...kept, ''] : kept);
                }}
                data-testid={`arg-${name}`}
              />
            </Field>
          );
        }
        const long = (property.maxLength ?? 0) > 300;
        const text = typeof current === 'string' ? current : '';
        return (
          <Field key={name} label={label}>
            {long ? (
              <Textarea rows={5} value={text} maxLength={property.maxLength} onChange={(e) => set(name, e.target.value)} data-testid={`arg-${name}`} />
            ) : (
              <Input value={text} maxLength={property.maxLength} onChange={(e) => set(name, e.target.value)} data-testid={`arg-${name}`} />
            )}
          </Field>
        );
      })}
    </Stack>
  );
}
