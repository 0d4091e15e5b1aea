/** Wire types of the storage, mail, jobs, page-cache, site-search and platform-update routes. */
export type { StorageBucketWire, StorageListEntryWire, StorageListV2Wire, StorageObjectInfoWire, StorageUploadWire } from '../storage/routes/schemas.js';
export type { TextUploadWire } from '../storage/routes/text-upload-routes.js';
export type { AccountDefaultsWire } from '../storage/routes/account-defaults-routes.js';
export type { SiteEmailWire, BatchEmailWire, MailBatchWire, OutboxItemWire, OutboxWire } from '../mail/schemas.js';
export type { JobWire, JobListWire, JobRetryWire } from '../jobs/schemas.js';
export type { PurgedWire } from '../page-cache/routes.js';
export type { SiteSearchResultsWire } from '../site-search/schemas.js';
export type { PlatformUpdateWire, PlatformUpdateListWire, PublishUpdateWire, UnreadUpdateWire, UnreadUpdateListWire } from '../updates/schemas.js';
