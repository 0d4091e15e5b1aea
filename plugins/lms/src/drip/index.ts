export { registerDripReleases, DRIP_QUEUE, releaseJobId } from './jobs.js';
export { pendingReleases, isReleased, type Release } from './releases.js';
