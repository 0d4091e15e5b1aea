import { useTranslation } from 'react-i18next';
import { Field } from './Field';
import { Select } from './primitives';

/** A labelled choice among known values after a blank first option ('' — "All" for list filters), shared by filter bars and forms. */
export function FilterSelect<V extends string>({
  label,
  value,
  options,
  optionLabel,
  onChange,
  flex,
  blankLabel,
  error,
}: {
  label: string;
  value: V | '';
  options: readonly V[];
  optionLabel: (option: V) => string;
  onChange: (value: V | '') => void;
  /** The CSS flex of a box around the field in a wrapping filter row; no box without it. */
  flex?: string;
  /** The blank option's text: "All" unless told. */
  blankLabel?: string;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const known = (picked: string): picked is V => (options as readonly string[]).includes(picked);
  const field = (
    <Field label={label} error={error}>
      <Select value={value} onChange={(e) => onChange(known(e.target.value) ? e.target.value : '')}>
        <option value="">{blankLabel ?? t('common.all')}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </Select>
    </Field>
  );
  return flex === undefined ? field : <div style={{ flex }}>{field}</div>;
}
