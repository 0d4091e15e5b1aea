import { api, Button, Card, errorText, Field, Input, useToast } from '@lectern/admin/kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { API, keys, type Category } from '../model';
import { FieldRow } from '../ui';
import { checkCategory, isSlugTaken, type CategoryErrors } from './model';

/** A new category: a name and, optionally, its slug (the server makes one from the name otherwise). */
export function AddCategoryForm() {
  const { t } = useTranslation('lms-instructor');
  const toast = useToast();
  const queries = useQueryClient();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [errors, setErrors] = useState<CategoryErrors>({});
  const add = useMutation({
    mutationFn: () => api<Category>(`${API}/categories`, { method: 'POST', body: { name: name.trim(), ...(slug.trim() === '' ? {} : { slug: slug.trim() }) } }),
    onSuccess: (category) => {
      setName('');
      setSlug('');
      toast(t('categories.added', { name: category.name }));
      void queries.invalidateQueries({ queryKey: keys.categories });
    },
    onError: (failure) => {
      if (isSlugTaken(failure)) setErrors({ slug: t('categories.slugTaken') });
      else toast(errorText(t, failure), 'danger');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkCategory(name, slug, t);
    setErrors(found);
    if (Object.keys(found).length === 0) add.mutate();
  };
  return (
    <Card as="form" onSubmit={submit} noValidate aria-label={t('categories.addTitle')} data-testid="category-form" style={{ marginBottom: '1rem' }}>
      <FieldRow>
        <Field label={t('categories.name')} error={errors.name}>
          <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={200} required data-testid="category-name" />
        </Field>
        <Field label={t('categories.slug')} hint={t('categories.slugHint')} error={errors.slug}>
          <Input value={slug} onChange={(e) => setSlug(e.target.value)} maxLength={200} data-testid="category-slug" />
        </Field>
        <div style={{ alignSelf: 'end' }}>
          <Button type="submit" disabled={add.isPending} data-testid="category-add">
            {add.isPending ? t('categories.adding') : t('categories.add')}
          </Button>
        </div>
      </FieldRow>
    </Card>
  );
}
