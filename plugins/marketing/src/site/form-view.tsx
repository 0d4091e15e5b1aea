import { FILE_EXTENSIONS, type Answer, type FormField } from '../forms/rules.js';
import type { FormIslandProps } from './form-data.js';
import { MARKETING_CSS } from './marketing-css.js';

export type FormStatus = 'idle' | 'sending' | 'failed';

/** What the form shows and does: the server draws it still (no handlers), the island with its state. */
export interface FormViewProps extends FormIslandProps {
  /** Makes the ids of this copy of the form unique on the page. */
  idPrefix: string;
  values: Readonly<Record<string, Answer | undefined>>;
  /** The trap field's value (people never see it). */
  trap: string;
  /** A message per field key. */
  errors: Readonly<Record<string, string>>;
  status: FormStatus;
  /** What went wrong as a whole (the server unreachable, too many tries). */
  failure: string | null;
  onValue?: (key: string, value: Answer | undefined) => void;
  /** A file field's chosen file (a browser File; undefined when cleared): the island reads it. */
  onFile?: (key: string, file: unknown) => void;
  onTrap?: (value: string) => void;
  /** The server's copy has none; the island's prevents the page load and sends the answers. */
  onSubmit?: (event: { preventDefault(): void }) => void;
}

/** A change event's input, read by shape: this file is drawn on the server too, which has no DOM types. */
const targetOf = (event: unknown) => (event as { target: { value: string; checked: boolean } }).target;
/** A file input's chosen file (a browser File), read by shape for the same reason. */
const chosenFile = (event: unknown) => (event as { target: { files: ArrayLike<unknown> | null } }).target.files?.[0];

const text = (value: Answer | undefined): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** A field's label with the required mark (seen, and said once by the input's own `required`). */
function Label({ field, id, words }: { field: FormField; id: string; words: FormIslandProps['words'] }) {
  return (
    <label htmlFor={id}>
      {field.label}
      {field.required ? (
        <span className="mk-form__required" title={words.required}>
          {' '}
          *
        </span>
      ) : null}
    </label>
  );
}

/** One field: its control, help and error, tied together for assistive technology. */
function FieldControl({ field, props }: { field: FormField; props: FormViewProps }) {
  const id = `${props.idPrefix}-${field.key}`;
  const error = props.errors[field.key];
  const described = [field.help ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const value = props.values[field.key];
  const set = (next: Answer | undefined) => props.onValue?.(field.key, next);
  const readOnly = props.onValue === undefined;
  const common = {
    id,
    name: field.key,
    required: field.required === true,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
    disabled: props.status === 'sending',
  } as const;
  const onText = (event: unknown) => set(targetOf(event).value);
  const help = field.help ? (
    <p className="field__hint" id={`${id}-help`}>
      {field.help}
    </p>
  ) : null;
  const message = error ? (
    <p className="mk-form__error" id={`${id}-error`}>
      {error}
    </p>
  ) : null;

  if (field.type === 'consent' || (field.type === 'checkbox' && (field.options ?? []).length === 0)) {
    return (
      <div className={`field mk-form__check${error ? ' mk-form__field--invalid' : ''}`} data-field={field.key}>
        <label htmlFor={id}>
          <input {...common} type="checkbox" checked={value === true} readOnly={readOnly} onChange={(event) => set(targetOf(event).checked)} />
          <span>
            {field.label}
            {field.required ? <span className="mk-form__required"> *</span> : null}
          </span>
        </label>
        {help}
        {message}
      </div>
    );
  }
  if (field.type === 'radio' || field.type === 'checkbox') {
    const chosen = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
    return (
      <fieldset className={`field mk-form__choices${error ? ' mk-form__field--invalid' : ''}`} data-field={field.key} aria-describedby={described}>
        <legend>
          {field.label}
          {field.required ? <span className="mk-form__required"> *</span> : null}
        </legend>
        {(field.options ?? []).map((option, index) => (
          <label key={option} htmlFor={`${id}-${index}`}>
            <input
              id={`${id}-${index}`}
              name={field.key}
              type={field.type}
              value={option}
              checked={chosen.includes(option)}
              readOnly={readOnly}
              disabled={props.status === 'sending'}
              aria-invalid={error ? true : undefined}
              onChange={(event) =>
                field.type === 'radio'
                  ? set(option)
                  : set(
                      targetOf(event).checked
                        ? [...chosen, option]
                        : chosen.filter((item) => item !== option).length > 0
                          ? chosen.filter((item) => item !== option)
                          : undefined,
                    )
              }
            />
            <span>{option}</span>
          </label>
        ))}
        {help}
        {message}
      </fieldset>
    );
  }
  let control;
  if (field.type === 'file') {
    // A file input cannot be given a value: the browser shows the chosen file's name itself.
    control = (
      <input
        {...common}
        type="file"
        accept={FILE_EXTENSIONS[field.accept ?? 'any'].map((extension) => `.${extension}`).join(',')}
        onChange={(event) => props.onFile?.(field.key, chosenFile(event))}
      />
    );
  } else if (field.type === 'textarea') {
    control = (
      <textarea {...common} rows={4} placeholder={field.placeholder} maxLength={field.max_length} value={text(value)} readOnly={readOnly} onChange={onText} />
    );
  } else if (field.type === 'select') {
    control = (
      <select {...common} value={text(value)} onChange={onText}>
        <option value="">{field.placeholder ?? '—'}</option>
        {(field.options ?? []).map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  } else {
    const kind = { email: 'email', phone: 'tel', number: 'number', date: 'date', text: 'text' }[field.type as 'email' | 'phone' | 'number' | 'date' | 'text'];
    const autoComplete = field.type === 'email' ? 'email' : field.type === 'phone' ? 'tel' : field.key === 'name' ? 'name' : undefined;
    control = (
      <input
        {...common}
        type={kind}
        autoComplete={autoComplete}
        placeholder={field.placeholder}
        maxLength={field.type === 'text' ? field.max_length : undefined}
        min={field.type === 'number' ? field.min : field.type === 'date' ? field.min_date : undefined}
        max={field.type === 'number' ? field.max : field.type === 'date' ? field.max_date : undefined}
        step={field.type === 'number' ? (field.integer ? 1 : 'any') : undefined}
        value={text(value)}
        readOnly={readOnly}
        // Numbers stay as typed ("1." on the way to "1.5"); the rules read them.
        onChange={onText}
      />
    );
  }
  return (
    <div className={`field${error ? ' mk-form__field--invalid' : ''}`} data-field={field.key}>
      <Label field={field} id={id} words={props.words} />
      {control}
      {help}
      {message}
    </div>
  );
}

/**
 * A marketing form as visitors see it: its heading, its fields with their labels, help and errors,
 * the trap field (hidden from view and from assistive technology) and the send button. The server
 * draws it as it will look, so the island takes over without the page moving.
 */
export function FormView(props: FormViewProps) {
  const { form, words, heading } = props;
  const label = form.submit_label.trim() || words.send;
  return (
    <form className="mk-form" noValidate onSubmit={props.onSubmit} aria-label={heading.trim() || form.name} data-testid="marketing-form" data-form={form.id}>
      <style>{MARKETING_CSS}</style>
      {heading.trim() === '' ? null : <h2 className="mk-form__heading">{heading}</h2>}
      {form.fields.map((field) => (
        <FieldControl key={field.key} field={field} props={props} />
      ))}
      <div className="mk-form__trap" aria-hidden="true">
        <label>
          Website
          <input
            name="website"
            tabIndex={-1}
            autoComplete="off"
            value={props.trap}
            readOnly={props.onTrap === undefined}
            onChange={(event) => props.onTrap?.(targetOf(event).value)}
          />
        </label>
      </div>
      {props.failure === null ? null : (
        <p className="mk-form__error" role="alert" data-testid="form-failure">
          {props.failure}
        </p>
      )}
      <button className="button button--primary" type="submit" disabled={props.status === 'sending'} data-testid="form-send">
        {props.status === 'sending' ? words.sending : label}
      </button>
    </form>
  );
}
