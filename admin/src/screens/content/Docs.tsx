import { Route, Routes } from 'react-router';
import { EditorRoute } from './EditorRoute';
import { ItemList } from './ItemList';

/** Issue 18 /dashboard/docs (the platform's super-admins): the provider site's docs, the list and the editor at `new` and `:id`. */
export default function Docs() {
  return (
    <Routes>
      <Route index element={<ItemList type="doc" />} />
      <Route path=":id" element={<EditorRoute type="doc" />} />
    </Routes>
  );
}
