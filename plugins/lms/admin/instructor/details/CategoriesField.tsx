import { api, Button, errorText, Input, Muted, Row, Stack, useToast } from '@lectern/admin/kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API, keys, type Category } from '../model';
import { Group } from '../ui';
import { useCategories } from '../useCategories';

/** The course's categories as checkboxes, and a new category made on the spot (it is ticked at once). */
export function CategoriesField({ value, onChange }: { value: string[]; onChange: (ids: string[]) => void }) {
  const { t } = useTranslation('lms-instructor');
  const toast = useToast();
  const queries = useQueryClient();
  const categories = useCategories();
  const [name, setName] = useState('');
  const create = useMutation({
    mutationFn: () => api<Category>(`${API}/categories`, { method: 'POST', body: { name: name.trim() } }),
    onSuccess: (category) => {
      setName('');
      onChange([...value, category.id]);
      void queries.invalidateQueries({ queryKey: keys.categories });
    },
    onError: (failure) => toast(errorText(t, failure), 'danger'),
  });
  const toggle = (id: string, on: boolean) => onChange(on ? [...value, id] : value.filter((v) => v !== id));
  const items = categories.data?.items ?? [];
  return (
    <Group data-testid="course-categories">
      <legend>{t('details.categories')}</legend>
      <Stack $gap="0.5rem">
        {items.length === 0 ? <Muted>{t('details.noCategories')}</Muted> : null}
        <Row $wrap $gap="1rem">
          {items.map((category) => (
            <label key={category.id}>
              <input type="checkbox" checked={value.includes(category.id)} onChange={(e) => toggle(category.id, e.target.checked)} /> {category.name}
            </label>
          ))}
        </Row>
        <Row $wrap>
          <Input
            style={{ flex: '1 1 12rem', width: 'auto' }}
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={200}
            aria-label={t('details.newCategory')}
            placeholder={t('details.newCategory')}
          />
          <Button
            type="button"
            $variant="secondary"
            disabled={name.trim() === '' || create.isPending}
            onClick={() => create.mutate()}
            style={{ whiteSpace: 'nowrap' }}
          >
            {t('details.addCategory')}
          </Button>
        </Row>
      </Stack>
    </Group>
  );
}
