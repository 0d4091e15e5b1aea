export { registerCourseActions, registerCourseConditions } from './actions.js';
export * from './declarations.js';
