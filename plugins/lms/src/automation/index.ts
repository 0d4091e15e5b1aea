export { registerCourseAutomation } from './actions.js';
export * from './declarations.js';
