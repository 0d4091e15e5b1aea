export * from './intervals.js';
export * from './expiry.js';
export * from './completion.js';
export * from './unit-lock.js';
export * from './drip.js';
export * from './item-states.js';
