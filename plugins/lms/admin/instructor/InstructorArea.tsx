import { Route, Routes } from 'react-router';
import { CourseEditor } from './CourseEditor';
import { CourseList } from './CourseList';
import NewCourseScreen from './NewCourseScreen';

/** The instructor area (/dashboard/instructor/*): the course list, the create form and each course's editor. */
export default function InstructorArea() {
  return (
    <Routes>
      <Route index element={<CourseList />} />
      <Route path="new" element={<NewCourseScreen />} />
      <Route path="courses/:id/*" element={<CourseEditor />} />
    </Routes>
  );
}
