import { api, ConfirmDialog, EmptyState, errorText, Muted, QueryView, Stack, useToast } from '@lectern/admin/kit';
import { arrayMove, move } from '@dnd-kit/helpers';
import { DragDropProvider } from '@dnd-kit/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { API, keys, type CurriculumItem } from '../model';
import { AddItemForm } from './AddItemForm';
import { ItemPanel } from './ItemPanel';
import { SortableItem } from './SortableItem';

/**
 * The Curriculum tab: the course's sections, units, quizzes and assignments in order. Reordering
 * (drag or the up/down buttons) shows at once and is saved as the full id list; a refused save
 * puts the server's order back. The opened item (?item=) is edited below the list.
 */
export function CurriculumTab({ courseId }: { courseId: string }) {
  const { t } = useTranslation('lms-instructor');
  const toast = useToast();
  const queries = useQueryClient();
  const [params, setParams] = useSearchParams();
  const selected = params.get('item');
  const select = (id: string | null) => setParams((old) => (id === null ? (old.delete('item'), old) : (old.set('item', id), old)), { replace: true });
  const [deleting, setDeleting] = useState<CurriculumItem | null>(null);
  const curriculum = useQuery({
    queryKey: keys.curriculum(courseId),
    queryFn: () => api<{ items: CurriculumItem[] }>(`${API}/courses/${courseId}/curriculum`),
  });

  const reorder = useMutation({
    mutationFn: (items: CurriculumItem[]) =>
      api<{ items: CurriculumItem[] }>(`${API}/courses/${courseId}/curriculum`, { method: 'PUT', body: { items: items.map((i) => i.id) } }),
    onMutate: (items) => {
      const before = queries.getQueryData(keys.curriculum(courseId));
      queries.setQueryData(keys.curriculum(courseId), { items });
      return { before };
    },
    onSuccess: (saved) => {
      queries.setQueryData(keys.curriculum(courseId), saved);
      toast(t('curriculum.reordered'));
    },
    onError: (failure, _items, context) => {
      queries.setQueryData(keys.curriculum(courseId), context?.before);
      toast(errorText(t, failure), 'danger');
    },
  });
  const remove = useMutation({
    mutationFn: (item: CurriculumItem) => api<{ status: boolean }>(`${API}/courses/${courseId}/items/${item.id}`, { method: 'DELETE' }),
    onSuccess: (_r, item) => {
      setDeleting(null);
      if (selected === item.id) select(null);
      toast(t('curriculum.deleted', { title: item.title }));
      void queries.invalidateQueries({ queryKey: keys.curriculum(courseId) });
      void queries.invalidateQueries({ queryKey: keys.stats(courseId) });
    },
    onError: (failure) => {
      setDeleting(null);
      toast(errorText(t, failure), 'danger');
    },
  });

  return (
    <Stack>
      <QueryView
        query={curriculum}
        isEmpty={(data) => data.items.length === 0}
        empty={<EmptyState title={t('curriculum.none')} hint={t('curriculum.noneHint')} />}
      >
        {(data) => {
          const items = data.items;
          const moveTo = (from: number, to: number) => reorder.mutate(arrayMove([...items], from, to));
          return (
            <Stack $gap="0.5rem">
              <Muted>{t('curriculum.reorderHint')}</Muted>
              <DragDropProvider
                onDragEnd={(event) => {
                  if (event.canceled) return;
                  const next = move(items, event);
                  if (next.map((i) => i.id).join() !== items.map((i) => i.id).join()) reorder.mutate(next);
                }}
              >
                <ol style={{ display: 'grid', gap: '0.4rem', padding: 0, margin: 0 }} data-testid="curriculum-list" aria-busy={reorder.isPending}>
                  {items.map((item, index) => (
                    <SortableItem
                      key={item.id}
                      item={item}
                      index={index}
                      count={items.length}
                      selected={item.id === selected}
                      disabled={reorder.isPending}
                      onMove={moveTo}
                      onOpen={() => select(item.id === selected ? null : item.id)}
                      onDelete={() => setDeleting(item)}
                    />
                  ))}
                </ol>
              </DragDropProvider>
            </Stack>
          );
        }}
      </QueryView>
      <AddItemForm courseId={courseId} onAdded={(item) => select(item.id)} />
      {selected === null ? null : <ItemPanel key={selected} courseId={courseId} itemId={selected} onClose={() => select(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t('curriculum.confirmDelete', { title: deleting?.title ?? '' })}
        body={deleting === null ? undefined : t(`curriculum.confirmDeleteBody.${deleting.post_type}`)}
        confirmLabel={t('curriculum.delete')}
        busy={remove.isPending}
        onConfirm={() => deleting !== null && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
