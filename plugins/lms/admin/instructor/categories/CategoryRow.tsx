import { api, Button, errorText, Field, Input, Muted, Row, useToast } from '@lectern/admin/kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { API, keys, type Category } from '../model';
import { FieldRow } from '../ui';
import { checkCategory, isSlugTaken, type CategoryEntry, type CategoryErrors } from './model';

/**
 * One category in the table. Site managers may rename it or change its slug in place (the row
 * becomes a small form) and delete it; the confirmation is the screen's.
 */
export function CategoryRow({ category, manager, columns, onDelete }: { category: CategoryEntry; manager: boolean; columns: number; onDelete: () => void }) {
  const { t, i18n } = useTranslation('lms-instructor');
  const [editing, setEditing] = useState(false);
  const number = new Intl.NumberFormat(i18n.language);
  if (editing) {
    return (
      <tr data-testid="category-row" data-category={category.id}>
        <td colSpan={columns}>
          <EditForm category={category} onDone={() => setEditing(false)} />
        </td>
      </tr>
    );
  }
  return (
    <tr data-testid="category-row" data-category={category.id} data-slug={category.slug}>
      <td>{category.name}</td>
      <td>
        <Muted as="span">{category.slug}</Muted>
      </td>
      <td className="num">{number.format(category.count)}</td>
      {manager ? (
        <td>
          <Row $gap="0.4rem" $wrap>
            <Button
              type="button"
              $variant="secondary"
              onClick={() => setEditing(true)}
              aria-label={t('categories.renameLabel', { name: category.name })}
              data-testid="category-rename"
            >
              {t('categories.rename')}
            </Button>
            <Button
              type="button"
              $variant="ghost"
              onClick={onDelete}
              aria-label={t('categories.deleteLabel', { name: category.name })}
              data-testid="category-delete"
            >
              {t('categories.delete')}
            </Button>
          </Row>
        </td>
      ) : null}
    </tr>
  );
}

function EditForm({ category, onDone }: { category: Category; onDone: () => void }) {
  const { t } = useTranslation('lms-instructor');
  const toast = useToast();
  const queries = useQueryClient();
  const [name, setName] = useState(category.name);
  const [slug, setSlug] = useState(category.slug);
  const [errors, setErrors] = useState<CategoryErrors>({});
  const save = useMutation({
    // Only what changed is sent, so an untouched slug is never re-validated against itself.
    mutationFn: () =>
      api<Category>(`${API}/categories/${category.id}`, {
        method: 'PUT',
        body: { ...(name.trim() === category.name ? {} : { name: name.trim() }), ...(slug.trim() === category.slug ? {} : { slug: slug.trim() }) },
      }),
    onSuccess: (saved) => {
      toast(t('categories.saved', { name: saved.name }));
      void queries.invalidateQueries({ queryKey: keys.categories });
      // Course rows show their categories by name.
      void queries.invalidateQueries({ queryKey: keys.courses });
      onDone();
    },
    onError: (failure) => {
      if (isSlugTaken(failure)) setErrors({ slug: t('categories.slugTaken') });
      else toast(errorText(t, failure), 'danger');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The slug is required here: clearing it would not derive a new one.
    const found = { ...checkCategory(name, slug, t), ...(slug.trim() === '' ? { slug: t('categories.slugRequired') } : {}) };
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('categories.editTitle', { name: category.name })} data-testid="category-edit">
      <FieldRow>
        <Field label={t('categories.name')} error={errors.name}>
          <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={200} required autoFocus data-testid="category-edit-name" />
        </Field>
        <Field label={t('categories.slug')} error={errors.slug}>
          <Input value={slug} onChange={(e) => setSlug(e.target.value)} maxLength={200} required data-testid="category-edit-slug" />
        </Field>
      </FieldRow>
      <Row $wrap style={{ marginTop: '0.6rem' }}>
        <Button type="submit" disabled={save.isPending} data-testid="category-save">
          {save.isPending ? t('categories.saving') : t('categories.save')}
        </Button>
        <Button type="button" $variant="ghost" onClick={onDone}>
          {t('categories.cancel')}
        </Button>
      </Row>
    </form>
  );
}
