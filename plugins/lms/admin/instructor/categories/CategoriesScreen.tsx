import {
  api,
  Button,
  Card,
  ConfirmDialog,
  DataTable,
  EmptyState,
  errorText,
  Field,
  Input,
  PageHeader,
  Pagination,
  QueryView,
  TableScroll,
  useSearchInput,
  useToast,
} from '@lectern/admin/kit';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCourseAccess } from '../access';
import { API, AREA_PATH, keys, PAGE_SIZE } from '../model';
import { AddCategoryForm } from './AddCategoryForm';
import { CategoryRow } from './CategoryRow';
import { categoryPage, type CategoryEntry } from './model';

/**
 * /dashboard/instructor/categories: the site's course categories with their published course
 * counts. Course authors may add one; renaming and deleting touch every author's courses, so
 * those are offered to site managers (manage_options) only, as the API allows.
 */
export default function CategoriesScreen() {
  const { t } = useTranslation('lms-instructor');
  const toast = useToast();
  const queries = useQueryClient();
  const { manager } = useCourseAccess();
  const [offset, setOffset] = useState(0);
  const { typed, setTyped, search } = useSearchInput(() => setOffset(0));
  const [deleting, setDeleting] = useState<CategoryEntry | null>(null);
  const list = useQuery({
    queryKey: categoryPage(search, offset),
    queryFn: () => api<{ items: CategoryEntry[]; total: number }>(`${API}/categories`, { query: { search: search || undefined, limit: PAGE_SIZE, offset } }),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (category: CategoryEntry) => api<{ status: boolean }>(`${API}/categories/${category.id}`, { method: 'DELETE' }),
    onSuccess: (_r, category) => {
      setDeleting(null);
      toast(t('categories.deleted', { name: category.name }));
      void queries.invalidateQueries({ queryKey: keys.categories });
      void queries.invalidateQueries({ queryKey: keys.courses });
    },
    onError: (failure) => {
      setDeleting(null);
      toast(errorText(t, failure), 'danger');
    },
  });
  const columns = [
    t('categories.column.name'),
    t('categories.column.slug'),
    t('categories.column.courses'),
    ...(manager ? [t('categories.column.actions')] : []),
  ];

  return (
    <div data-testid="categories-screen">
      <PageHeader
        title={t('categories.title')}
        actions={
          <Button as={Link} to={AREA_PATH} $variant="ghost">
            {t('categories.courses')}
          </Button>
        }
      />
      <AddCategoryForm />
      <div style={{ maxWidth: '32rem', marginBottom: '1rem' }}>
        <Field label={t('categories.search')}>
          <Input type="search" value={typed} onChange={(e) => setTyped(e.target.value)} maxLength={200} data-testid="category-search" />
        </Field>
      </div>
      <QueryView
        query={list}
        isEmpty={(data) => data.items.length === 0 && offset === 0}
        empty={
          <EmptyState title={search === '' ? t('categories.none') : t('categories.noneMatching')} hint={search === '' ? t('categories.noneHint') : undefined} />
        }
      >
        {(data) => (
          <Card>
            <TableScroll>
              <DataTable data-testid="category-list" columns={columns}>
                {data.items.map((category) => (
                  <CategoryRow key={category.id} category={category} manager={manager} columns={columns.length} onDelete={() => setDeleting(category)} />
                ))}
              </DataTable>
            </TableScroll>
            <Pagination offset={offset} limit={PAGE_SIZE} total={data.total} onChange={setOffset} />
          </Card>
        )}
      </QueryView>
      <ConfirmDialog
        open={deleting !== null}
        title={t('categories.confirmDelete', { name: deleting?.name ?? '' })}
        body={t('categories.confirmDeleteBody')}
        confirmLabel={t('categories.delete')}
        busy={remove.isPending}
        onConfirm={() => deleting !== null && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
