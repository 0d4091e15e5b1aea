export { createTestKernel, type TestKernel, type TestKernelOptions, type TestAccount, type TestMember, type TestRequest } from './test-kernel.js';
export { createTestDatabase, PG_TEMPLATE_ENV, PGLITE_TEMPLATE_ENV, type TestDatabase } from './test-database.js';
export { recordedTriggers, type RecordedTrigger, type RecordedTriggers } from './recorded-triggers.js';
