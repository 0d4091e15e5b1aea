import { api, Button, Card, errorText, Field, Input, Row, Stack, useToast } from '@lectern/admin/kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API, ITEM_TYPES, keys, type ItemDetail, type ItemType } from '../model';

/** A title and one button per item type; the new item goes at the end of the curriculum and opens. */
export function AddItemForm({ courseId, onAdded }: { courseId: string; onAdded: (item: ItemDetail) => void }) {
  const { t } = useTranslation('lms-instructor');
  const toast = useToast();
  const queries = useQueryClient();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (type: ItemType) => api<ItemDetail>(`${API}/courses/${courseId}/items`, { method: 'POST', body: { post_type: type, title: title.trim() } }),
    onSuccess: (item) => {
      setTitle('');
      toast(t('curriculum.added', { title: item.title }));
      void queries.invalidateQueries({ queryKey: keys.curriculum(courseId) });
      onAdded(item);
    },
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  const submit = (type: ItemType) => {
    if (title.trim() === '') {
      setError(t('curriculum.titleRequired'));
      return;
    }
    setError(null);
    add.mutate(type);
  };
  return (
    <Card
      as="form"
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        submit('unit');
      }}
      data-testid="add-item-form"
    >
      <Stack $gap="0.75rem">
        <Field label={t('curriculum.newTitle')} error={error}>
          <Input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={300} data-testid="add-item-title" />
        </Field>
        <Row $wrap>
          {ITEM_TYPES.map((type) => (
            <Button
              key={type}
              type="button"
              $variant={type === 'unit' ? 'primary' : 'secondary'}
              disabled={add.isPending}
              onClick={() => submit(type)}
              data-testid={`add-${type}`}
            >
              {t(`curriculum.add.${type}`)}
            </Button>
          ))}
        </Row>
      </Stack>
    </Card>
  );
}
