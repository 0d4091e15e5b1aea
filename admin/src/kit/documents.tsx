import { lazy, Suspense, type ReactNode } from 'react';
import { Loading } from '../ui/states';
import type { PuckDocument } from '../screens/content/model';

export type { PuckDocument };

// The editor and the renderer pull in Puck and the theme's blocks: their own chunks, loaded on use.
const EditorChunk = lazy(() => import('./DocumentEditorChunk'));
const ViewChunk = lazy(() => import('./DocumentViewChunk'));

/**
 * The visual editor for a plugin's own documents (a course unit's content): the theme's blocks and
 * the account's plugins' blocks, a preview in the theme's styles. `initial` is read once; change
 * `key` to load another document. Saving is the caller's (its own toolbar).
 */
export function DocumentEditor(props: { initial: PuckDocument; onChange: (document: PuckDocument) => void; title: string; path: string }): ReactNode {
  return (
    <Suspense fallback={<Loading />}>
      <EditorChunk {...props} />
    </Suspense>
  );
}

/** Draws a stored document as the site would (theme's blocks and styles, inside a frame). */
export function DocumentView({ document, title }: { document: PuckDocument; title: string }): ReactNode {
  return (
    <Suspense fallback={<Loading />}>
      <ViewChunk document={document} title={title} />
    </Suspense>
  );
}
