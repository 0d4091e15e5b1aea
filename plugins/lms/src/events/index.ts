export { LmsEvents, TRIGGER_HOOK, type CourseRef, type ItemRef, type LmsTrigger, type TriggerPayload, type LmsListeners } from './lms-events.js';
export { requestScope, accountOrigin, type LmsScope } from './scope.js';
