import { emitSiteEvent, type IslandProps } from '@lectern/sdk/site';
import { useEffect, useRef, useState } from 'react';
import { checkAnswers, fileProblem, type Answer, type FieldProblem } from '../src/forms/rules.js';
import { FORM_SENT_EVENT } from '../src/popups/rules.js';
import { formIdPrefix } from '../src/site/blocks.js';
import type { FormIslandProps } from '../src/site/form-data.js';
import { FormView, type FormStatus } from '../src/site/form-view.js';

/** SPEC §5's e-mail format as the browser checks it first (the server checks again, then asks the mail servers). */
function browserEmail(address: string): string | null {
  const trimmed = address.trim();
  const at = trimmed.lastIndexOf('@');
  return /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/.test(trimmed) ? `${trimmed.slice(0, at)}@${trimmed.slice(at + 1).toLowerCase()}` : null;
}

/** A rule's message in the site's language, its {{min}} and {{max}} filled in. */
const say = (template: string, params: FieldProblem['params']) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (params !== undefined && name in params ? String(params[name]) : whole));

/** A chosen file's bytes as base64 (what the submission carries). */
const readAsBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });

interface Refusal {
  error?: string;
  details?: { fields?: Record<string, FieldProblem> };
}

/**
 * A form on the site, in the browser: the answers are checked against the same rules the server
 * applies (each problem said on its field, the first one focused), then sent; the server's own
 * refusals land on their fields too. After sending, the thanks replaces the form (announced), or
 * the visitor goes to the page the owner chose. A signed-in member's submission is theirs.
 */
export function FormIsland({ props, session }: IslandProps) {
  const { form, words, heading } = props as FormIslandProps;
  const prefix = formIdPrefix(form.id);
  const [values, setValues] = useState<Record<string, Answer | undefined>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [trap, setTrap] = useState('');
  const [status, setStatus] = useState<FormStatus>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const thanks = useRef<HTMLDivElement>(null);
  useSeenOnce(form.id);

  const showProblems = (problems: Record<string, FieldProblem>) => {
    setErrors(Object.fromEntries(Object.entries(problems).map(([key, problem]) => [key, say(words.rules[problem.code] ?? problem.message, problem.params)])));
    const first = form.fields.find((field) => field.key in problems);
    if (first !== undefined) (document.getElementById(`${prefix}-${first.key}`) ?? document.getElementById(`${prefix}-${first.key}-0`))?.focus();
  };

  const send = async () => {
    const { problems } = checkAnswers(form.fields, values, { normalEmail: browserEmail });
    if (Object.keys(problems).length > 0) return showProblems(problems);
    setStatus('sending');
    setFailure(null);
    try {
      const token = await session.accessToken();
      // A file goes as its name, type and bytes; the server measures it again.
      const answers = Object.fromEntries(
        Object.entries(values)
          .filter(([, value]) => value !== undefined)
          .map(([key, value]) =>
            typeof value === 'object' && !Array.isArray(value) ? [key, { name: value.name, type: value.type, data: value.data ?? '' }] : [key, value],
          ),
      );
      const response = await fetch(`/api/marketing/public/forms/${form.id}/submissions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
        body: JSON.stringify({ answers, website: trap }),
      });
      if (response.status === 201) {
        const accepted = (await response.json()) as { message: string; redirect_url: string | null };
        // A popup holding the form hears it was sent (and stops showing).
        emitSiteEvent(FORM_SENT_EVENT, { formId: form.id });
        if (accepted.redirect_url !== null && accepted.redirect_url !== '') {
          window.location.assign(accepted.redirect_url);
          return;
        }
        setDone(accepted.message.trim() || words.thanks);
        requestAnimationFrame(() => thanks.current?.focus());
        return;
      }
      const refusal = (await response.json().catch(() => ({}))) as Refusal;
      if (response.status === 400 && refusal.error === 'form_answers_invalid' && refusal.details?.fields !== undefined) {
        setStatus('idle');
        return showProblems(refusal.details.fields);
      }
      setFailure(response.status === 429 ? words.tooMany : words.failed);
      setStatus('failed');
    } catch {
      setFailure(words.failed);
      setStatus('failed');
    }
  };

  const setValue = (key: string, value: Answer | undefined) => {
    setValues((current) => ({ ...current, [key]: value }));
    // A field being mended stops showing its problem.
    setErrors((current) => {
      if (!(key in current)) return current;
      const { [key]: _mended, ...rest } = current;
      return rest;
    });
  };

  /** A file field's choice: its type and size checked at once (before reading it), then its bytes read for sending. */
  const chooseFile = async (key: string, file: File | undefined) => {
    const field = form.fields.find((item) => item.key === key);
    if (field === undefined || file === undefined) return setValue(key, undefined);
    const wrong = fileProblem(field, file.name, file.size);
    if (wrong !== null) {
      setValue(key, undefined);
      return setErrors((current) => ({ ...current, [key]: say(words.rules[wrong.code] ?? wrong.message, wrong.params) }));
    }
    try {
      setValue(key, { name: file.name, type: file.type, size: file.size, data: await readAsBase64(file) });
    } catch {
      setErrors((current) => ({ ...current, [key]: words.rules.file_unreadable }));
    }
  };

  if (done !== null)
    return (
      <div className="mk-form__done" role="status" tabIndex={-1} ref={thanks} data-testid="form-thanks">
        {done}
      </div>
    );
  return (
    <FormView
      form={form}
      words={words}
      heading={heading}
      idPrefix={prefix}
      values={values}
      trap={trap}
      errors={errors}
      status={status}
      failure={failure}
      onValue={setValue}
      onFile={(key, chosen) => void chooseFile(key, chosen as File | undefined)}
      onTrap={setTrap}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    />
  );
}

/**
 * Counts the form as seen (the reports' conversion) once a page, when half of it first comes into
 * view: a form in a closed popup or far down the page is not counted until someone could read it.
 */
function useSeenOnce(formId: string) {
  useEffect(() => {
    const element = document.querySelector(`form[data-form="${formId}"]`);
    if (element === null || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void fetch(`/api/marketing/public/forms/${formId}/views`, {
          method: 'POST',
          keepalive: true,
          headers: { 'content-type': 'application/json' },
          body: '{}',
        }).catch(() => undefined);
      },
      { threshold: 0.5 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [formId]);
}
