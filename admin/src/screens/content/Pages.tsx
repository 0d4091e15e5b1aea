import { Route, Routes } from 'react-router';
import { EditorRoute } from './EditorRoute';
import { ItemList } from './ItemList';

/** SPEC §2 /dashboard/pages (manage_options): the list, and the editor at `new` and `:id`. */
export default function Pages() {
  return (
    <Routes>
      <Route index element={<ItemList type="page" />} />
      <Route path=":id" element={<EditorRoute type="page" />} />
    </Routes>
  );
}
