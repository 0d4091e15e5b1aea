import { EditorRoute } from './EditorRoute';

/** The quick-create link "New post" (SPEC §2): the post editor on a new, unsaved post. */
export default function NewPost() {
  return <EditorRoute type="post" isNew />;
}
