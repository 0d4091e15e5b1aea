export { LmsEvents, type CourseRef, type ItemRef, type LmsListeners } from './lms-events.js';
export { requestScope, accountOrigin, type LmsScope } from './scope.js';
