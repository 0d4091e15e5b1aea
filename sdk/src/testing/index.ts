export { createTestKernel, type TestKernel, type TestKernelOptions, type TestAccount, type TestMember, type TestRequest } from './test-kernel.js';
export { createTestDatabase, type TestDatabase } from './test-database.js';
