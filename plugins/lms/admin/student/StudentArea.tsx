import { Route, Routes } from 'react-router';
import { CoursePlayer } from './CoursePlayer';
import { MyCourses } from './MyCourses';

/**
 * /dashboard/courses: the student's courses, and the player at /dashboard/courses/<course>[/<item>]
 * (course slug or id). The dashboard mounts this at the menu path with a trailing /*, so the routes
 * are relative.
 */
export default function StudentArea() {
  return (
    <Routes>
      <Route index element={<MyCourses />} />
      <Route path=":course" element={<CoursePlayer />} />
      <Route path=":course/:item" element={<CoursePlayer />} />
    </Routes>
  );
}
