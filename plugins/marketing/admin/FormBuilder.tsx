import { api, Button, Card, errorText, Field, FormActions, Icon, Input, Muted, Row, Select, Stack, Textarea, useToast } from '@lectern/admin/kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldEditor, fieldProblem, keyFrom } from './FieldEditor';
import { API, FIELD_TYPES, formKeys, keys, type FieldType, type FormField, type FormSettings, type MailingList, type MarketingForm } from './model';
import { moved } from './moved';

const STARTER: FormField[] = [
  { key: 'name', type: 'text', label: '', required: true },
  { key: 'email', type: 'email', label: '', required: true },
];

let nextId = 1;

const DEFAULT_SETTINGS: FormSettings = { list_ids: [], tags: [], success_message: '', redirect_url: null, submit_label: '', profanity_check: false };

/**
 * The form builder: the form's name, its fields (added by type, reordered, each with its rules) and
 * what a submission does (lists, tags, the thanks or a page to go to, the profanity check), saved
 * as a draft or published. Problems are named on the field before anything is sent.
 */
export function FormBuilder({ form, onDone }: { form: MarketingForm | null; onDone: () => void }) {
  const { t } = useTranslation('marketing-admin');
  const toast = useToast();
  const queries = useQueryClient();
  const lists = useQuery({ queryKey: keys.lists, queryFn: () => api<{ items: MailingList[] }>(`${API}/lists`) });
  const [name, setName] = useState(form?.name ?? '');
  // Each field with an id of its own, so an editor keeps its state when fields move.
  const [items, setItems] = useState<Array<{ id: number; field: FormField }>>(() =>
    (form?.fields ?? STARTER.map((field) => ({ ...field, label: t(field.type === 'email' ? 'forms.starterEmail' : 'forms.starterName') }))).map((field) => ({
      id: nextId++,
      field,
    })),
  );
  const fields = items.map((item) => item.field);
  const [settings, setSettings] = useState<FormSettings>(form?.settings ?? DEFAULT_SETTINGS);
  const [tags, setTags] = useState((form?.settings.tags ?? []).join(', '));
  const [published, setPublished] = useState(form?.status === 'published');
  const [newType, setNewType] = useState<FieldType>('text');
  const [tried, setTried] = useState(false);

  const keysOf = (except: number) => new Set(fields.filter((_, index) => index !== except).map((field) => field.key));
  const problems = fields.map((field, index) =>
    fieldProblem(field, keysOf(index), t, fields.slice(0, index).filter((before) => before.type === 'file').length),
  );
  const nameProblem = name.trim() === '' ? t('forms.nameRequired') : null;
  const tagList = tags
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

  const save = useMutation({
    mutationFn: () => {
      const body = {
        name: name.trim(),
        status: published ? 'published' : 'draft',
        fields,
        settings: { ...settings, tags: [...new Set(tagList)], redirect_url: settings.redirect_url?.trim() || null },
      };
      return form === null
        ? api<MarketingForm>(`${API}/forms`, { method: 'POST', body })
        : api<MarketingForm>(`${API}/forms/${form.id}`, { method: 'PUT', body });
    },
    onSuccess: (saved) => {
      toast(t('forms.saved', { name: saved.name }));
      void queries.invalidateQueries({ queryKey: formKeys.all });
      onDone();
    },
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (nameProblem === null && problems.every((problem) => problem === null)) save.mutate();
  };
  const change = (index: number, next: FormField) => setItems(items.map((item, i) => (i === index ? { ...item, field: next } : item)));
  const move = (index: number, by: -1 | 1) => setItems(moved(items, index, by));
  const add = () => {
    const label = t(`fields.types.${newType}`);
    const field: FormField = { key: keyFrom(label, keysOf(-1)), type: newType, label };
    if (newType === 'select' || newType === 'radio') field.options = [t('forms.optionOne'), t('forms.optionTwo')];
    setItems([...items, { id: nextId++, field }]);
  };

  return (
    <Card as="form" onSubmit={submit} noValidate data-testid="form-builder" style={{ marginTop: '1rem' }}>
      <Stack>
        <h2 style={{ margin: 0 }}>{form === null ? t('forms.newTitle') : t('forms.editTitle', { name: form.name })}</h2>
        <Field label={t('forms.name')} error={tried ? nameProblem : null}>
          <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={120} required autoFocus data-testid="form-name" />
        </Field>

        <h3 style={{ margin: '0.5rem 0 0' }}>{t('forms.fields')}</h3>
        <ol style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.75rem' }}>
          {items.map(({ id, field }, index) => (
            <li key={id} data-testid="form-field">
              <FieldEditor
                field={field}
                problem={tried ? problems[index]! : null}
                taken={keysOf(index)}
                onChange={(next) => change(index, next)}
                onMove={(by) => move(index, by)}
                onRemove={() => setItems(items.filter((_, i) => i !== index))}
                first={index === 0}
                last={index === fields.length - 1}
                only={fields.length === 1}
              />
            </li>
          ))}
        </ol>
        <Row $wrap style={{ alignItems: 'flex-end' }}>
          <Field label={t('forms.newFieldType')}>
            <Select value={newType} onChange={(e) => setNewType(e.target.value as FieldType)} data-testid="new-field-type">
              {FIELD_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`fields.types.${type}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Button type="button" $variant="secondary" onClick={add} disabled={fields.length >= 50} data-testid="add-field">
            <Icon name="plus" />
            {t('forms.addField')}
          </Button>
          {fields.length >= 50 ? <Muted>{t('forms.fieldLimit')}</Muted> : null}
        </Row>

        <h3 style={{ margin: '0.5rem 0 0' }}>{t('forms.afterSubmit')}</h3>
        <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
          <legend style={{ fontWeight: 600, marginBottom: '0.25rem' }}>{t('forms.lists')}</legend>
          {(lists.data?.items ?? []).length === 0 ? <Muted>{t('forms.noLists')}</Muted> : null}
          {(lists.data?.items ?? []).map((list) => (
            <label key={list.id} style={{ display: 'flex', gap: '0.5rem', alignItems: 'center' }}>
              <input
                type="checkbox"
                checked={settings.list_ids.includes(list.id)}
                onChange={(e) =>
                  setSettings({
                    ...settings,
                    list_ids: e.target.checked ? [...settings.list_ids, list.id] : settings.list_ids.filter((id) => id !== list.id),
                  })
                }
                data-testid="form-list"
              />
              {list.name}
            </label>
          ))}
          {settings.list_ids.length > 0 && !fields.some((field) => field.type === 'email') ? <Muted>{t('forms.needsEmail')}</Muted> : null}
        </fieldset>
        <Field label={t('forms.tags')} hint={t('forms.tagsHint')}>
          <Input value={tags} onChange={(e) => setTags(e.target.value)} maxLength={900} data-testid="form-tags" />
        </Field>
        <Field label={t('forms.successMessage')} hint={t('forms.successHint')}>
          <Textarea
            value={settings.success_message}
            onChange={(e) => setSettings({ ...settings, success_message: e.target.value })}
            maxLength={500}
            rows={2}
            data-testid="form-success"
          />
        </Field>
        <Field label={t('forms.redirect')} hint={t('forms.redirectHint')}>
          <Input value={settings.redirect_url ?? ''} onChange={(e) => setSettings({ ...settings, redirect_url: e.target.value })} maxLength={500} />
        </Field>
        <Field label={t('forms.submitLabel')} hint={t('forms.submitHint')}>
          <Input value={settings.submit_label} onChange={(e) => setSettings({ ...settings, submit_label: e.target.value })} maxLength={60} />
        </Field>
        <label style={{ display: 'flex', gap: '0.5rem', alignItems: 'center' }}>
          <input type="checkbox" checked={settings.profanity_check} onChange={(e) => setSettings({ ...settings, profanity_check: e.target.checked })} />
          {t('forms.profanity')}
        </label>
        <label style={{ display: 'flex', gap: '0.5rem', alignItems: 'center' }}>
          <input type="checkbox" checked={published} onChange={(e) => setPublished(e.target.checked)} data-testid="form-published" />
          {t('forms.publish')}
        </label>
        <FormActions busy={save.isPending} label={t('save')} busyLabel={t('saving')} onCancel={onDone} />
      </Stack>
    </Card>
  );
}
