import { lazy, Suspense } from 'react';
import { Loading } from '../../../ui/states';
import type { ShellPart } from './shell-document';

// The editor brings Puck and the theme's blocks: its own chunk, loaded only when it is opened.
const ShellBlocksEditor = lazy(() => import('./ShellBlocksEditor'));

/** /dashboard/manage/site/<part>/blocks: the visual editor of the header's or the footer's blocks. */
export function BlocksRoute({ part }: { part: ShellPart }) {
  return (
    <Suspense fallback={<Loading />}>
      <ShellBlocksEditor key={part} part={part} />
    </Suspense>
  );
}
