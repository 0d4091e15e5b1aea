import { EditorRoute } from './EditorRoute';

/** The quick-create link "New page" (SPEC §2): the page editor on a new, unsaved page. */
export default function NewPage() {
  return <EditorRoute type="page" isNew />;
}
