import { api, Button, Card, errorText, Field, Input, QueryView, Row, Stack, useToast } from '@lectern/admin/kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { API, keys, type ItemDetail } from '../model';
import { QuestionBank } from '../quiz/QuestionBank';
import { useUnsavedWork } from '../unsaved';
import { ItemSettingsFields } from './ItemSettingsFields';
import { settingsForm, settingsOf, type SettingsErrors, type SettingsForm } from './itemSettings';
import { UnitContent } from './UnitContent';

/** The opened curriculum item: its title and settings (one Save), a unit's content, a quiz's questions. */
export function ItemPanel({ courseId, itemId, onClose }: { courseId: string; itemId: string; onClose: () => void }) {
  const item = useQuery({ queryKey: keys.item(courseId, itemId), queryFn: () => api<ItemDetail>(`${API}/courses/${courseId}/items/${itemId}`) });
  return (
    <QueryView query={item}>
      {(data) => (
        <Stack data-testid="item-panel" data-item={data.id} data-type={data.post_type}>
          <ItemForm key={data.id} courseId={courseId} item={data} onClose={onClose} />
          {data.post_type === 'unit' ? <UnitContent courseId={courseId} item={data} /> : null}
          {data.post_type === 'quiz' ? <QuestionBank courseId={courseId} quizId={data.id} /> : null}
        </Stack>
      )}
    </QueryView>
  );
}

function ItemForm({ courseId, item, onClose }: { courseId: string; item: ItemDetail; onClose: () => void }) {
  const { t } = useTranslation('lms-instructor');
  const toast = useToast();
  const queries = useQueryClient();
  const [title, setTitle] = useState(item.title);
  const [form, setForm] = useState<SettingsForm>(() => settingsForm(item.settings));
  const [errors, setErrors] = useState<SettingsErrors & { title?: string }>({});
  const [baseline, setBaseline] = useState(() => JSON.stringify([item.title, settingsForm(item.settings)]));
  const dirty = JSON.stringify([title, form]) !== baseline;
  useUnsavedWork('view', dirty);
  const save = useMutation({
    mutationFn: (settings: Record<string, unknown>) =>
      api<ItemDetail>(`${API}/courses/${courseId}/items/${item.id}`, { method: 'PUT', body: { title: title.trim(), settings } }),
    onSuccess: (saved) => {
      setBaseline(JSON.stringify([saved.title, settingsForm(saved.settings)]));
      toast(t('item.saved', { title: saved.title }));
      queries.setQueryData(keys.item(courseId, item.id), saved);
      void queries.invalidateQueries({ queryKey: keys.curriculum(courseId) });
    },
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = settingsOf(item.post_type, form, t('details.numberInvalid'));
    const found: SettingsErrors & { title?: string } = 'errors' in result ? { ...result.errors } : {};
    if (title.trim() === '') found.title = t('curriculum.titleRequired');
    setErrors(found);
    if (Object.keys(found).length === 0 && 'settings' in result) save.mutate(result.settings);
  };
  return (
    <Card as="form" onSubmit={submit} noValidate data-testid="item-form">
      <Stack>
        <h2 style={{ margin: 0 }}>{t(`item.heading.${item.post_type}`)}</h2>
        <Field label={t('item.title')} error={errors.title}>
          <Input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={300} data-testid="item-title" />
        </Field>
        <ItemSettingsFields type={item.post_type} form={form} set={(patch) => setForm((old) => ({ ...old, ...patch }))} errors={errors} />
        <Row $wrap>
          <Button type="submit" disabled={save.isPending || !dirty} data-testid="item-save">
            {save.isPending ? t('details.saving') : t('item.save')}
          </Button>
          <Button type="button" $variant="ghost" onClick={onClose}>
            {t('item.close')}
          </Button>
        </Row>
      </Stack>
    </Card>
  );
}
