export { LmsEvents, type CourseRef, type ItemRef, type LmsListeners } from './lms-events.js';
export { requestScope, type LmsScope } from './scope.js';
