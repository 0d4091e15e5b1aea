import { Route, Routes } from 'react-router';
import CategoriesScreen from './categories/CategoriesScreen';
import { CourseEditor } from './CourseEditor';
import { CourseList } from './CourseList';
import NewCourseScreen from './NewCourseScreen';
import QuizzesScreen from './quizzes/QuizzesScreen';

/** The instructor area (/dashboard/instructor/*): the course list, the create form, each course's editor, the quizzes across courses and the categories. */
export default function InstructorArea() {
  return (
    <Routes>
      <Route index element={<CourseList />} />
      <Route path="new" element={<NewCourseScreen />} />
      <Route path="courses/:id/*" element={<CourseEditor />} />
      <Route path="quizzes/*" element={<QuizzesScreen />} />
      <Route path="categories/*" element={<CategoriesScreen />} />
    </Routes>
  );
}
