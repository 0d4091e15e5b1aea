import { Route, Routes } from 'react-router';
import { EditorRoute } from './EditorRoute';
import { ItemList } from './ItemList';
import { TermsManager } from './TermsManager';

/** SPEC §2 /dashboard/posts (manage_options): the list, categories and tags at `terms`, the editor at `new` and `:id`. */
export default function Posts() {
  return (
    <Routes>
      <Route index element={<ItemList type="post" />} />
      <Route path="terms" element={<TermsManager />} />
      <Route path=":id" element={<EditorRoute type="post" />} />
    </Routes>
  );
}
