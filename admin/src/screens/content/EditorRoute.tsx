import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { Loading } from '../../ui/states';
import type { ContentType } from './model';

// The editor brings Puck and the theme's blocks: its own chunk, loaded only when an item is opened.
const ItemEditor = lazy(() => import('./editor/ItemEditor'));

/** The editor of one page or post: `:id` of the route, or a new unsaved item. */
export function EditorRoute({ type, isNew = false }: { type: ContentType; isNew?: boolean }) {
  const params = useParams();
  const id = isNew ? 'new' : (params.id ?? 'new');
  return (
    <Suspense fallback={<Loading />}>
      <ItemEditor key={`${type}:${id}`} type={type} id={id} />
    </Suspense>
  );
}
