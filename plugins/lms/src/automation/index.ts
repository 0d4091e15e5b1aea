export { registerCourseActions, actionHook, type CourseActionInput } from './actions.js';
