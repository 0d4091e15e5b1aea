export { registerCourseActions } from './actions.js';
export * from './declarations.js';
