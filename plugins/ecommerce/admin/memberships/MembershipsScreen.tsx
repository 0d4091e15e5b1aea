import { Navigate, Route, Routes } from 'react-router';
import { MEMBERSHIPS_PATH } from '../shared/model';
import { LevelDetail } from './LevelDetail';
import { LevelList } from './LevelList';

/** SPEC §2 /dashboard/manage/ecommerce/memberships: the levels, and each level's settings and members. */
export default function MembershipsScreen() {
  return (
    <Routes>
      <Route index element={<LevelList />} />
      <Route path=":id" element={<LevelDetail />} />
      <Route path="*" element={<Navigate to={MEMBERSHIPS_PATH} replace />} />
    </Routes>
  );
}
