/**
 * What plugins get from the kernel: @lectern/sdk re-exports this module whole, and the kernel's own
 * entry (index.ts) re-exports it beside the host-only API, so the list is kept once. Add here only
 * what a plugin may use: kernel internals (the Kernel, its service tokens, memberMeta) stay out.
 */
// The route `config` a plugin's routes declare (public, capability, …) is a Fastify augmentation.
import './http/route-config.js';

export { AppError, Errors, appError, type ErrorDefinition } from './errors/errors.js';
export { defineErrors, type ErrorSpec, type ErrorCatalogue } from './errors/define-errors.js';
export { toErrorBody, type ErrorBody } from './errors/handler.js';
export { KERNEL_VERSION } from './version.js';
export { createToken, type Token } from './container/tokens.js';
export { createTenantTable, enableTenancy, CURRENT_ACCOUNT_SQL } from './db/tenant-table.js';
export type { TableDeclarations, TableScope } from './db/tenancy-check.js';
export type { MigrationMap } from './db/migrator.js';
export type { AnyDb } from './db/database.js';
export type { ActionHooks, FilterHooks, HookScope, HookOptions } from './hooks/hook-bus.js';
export type { OptionTypes, OptionKey, OptionValue, ProfileMenuEntry, TouchpointSetting } from './options/options-service.js';
export {
  definePlugin,
  type PluginDefinition,
  type ProvisionedSite,
  type PluginApp,
  type PluginRequest,
  type PluginContext,
  type PluginHooks,
  type AccountScope,
  type SeedContext,
  type DemoUsers,
  type PluginJobs,
  type PluginJobOptions,
  type PluginPageCache,
  type PluginPublicConfig,
  type PluginWorkScope,
  type PluginDbScope,
  type PluginTouchpoints,
  type PluginMail,
  type PluginMailer,
  type PluginStorage,
  type PluginStorageScope,
  type PluginRealtime,
  type PluginMemberMeta,
  type PluginNet,
  type PluginOptions,
} from './plugins/contract.js';
export type { EmailCheck, EmailCheckFailure } from './net/email-check.js';
export type { PluginManifest } from './plugins/manifest.js';
export {
  PLANS,
  findPlan,
  priceOf,
  pricesThrough,
  planIncludes,
  planLimit,
  DEFAULT_PAYMENT_PROVIDER,
  BILLING_PROVIDERS,
  type BillingProvider,
  type Plan,
  type PlanId,
  type PlanLimits,
  type PlanPrice,
  type ProviderPricing,
} from './plans/catalogue.js';
export type { PluginLimits, HeldLimit, MeteredAllowance, MonthlyAllowance, PlanScope } from './plans/plugin-limits.js';
export {
  PlatformBillingToken,
  PlatformCheckoutToken,
  type BillableSite,
  type BillingInterval,
  type PlanCheckout,
  type PlanCheckoutInput,
  type PlanInvoice,
  type PlanRenewalDue,
  type PlanSubscription,
  type PlanStart,
  type PlatformBilling,
  type PlatformCheckout,
} from './billing/contract.js';
export { BILLING_STATUSES, type BillingStatus } from './billing/state.js';
export { isDomainName, isValidSlug } from './tenancy/hosts.js';
export type { Account } from './tenancy/account.js';
export type { RequestContext } from './tenancy/request-context.js';
export type { MemberInfo } from './members/member-directory.js';
export type { AccessClaims } from './auth/tokens.js';
export type { TouchpointRegistry, FireInput, FireResult } from './notifications/touchpoint-registry.js';
export type { WorkScope } from './notifications/work-scope.js';
/** The work scope of a tenant route (`request.ctx`): what touchpoints and `ctx.automation.raise` take. */
export { fromRequest as workScopeOf } from './notifications/work-scope.js';
export { KERNEL_CAPABILITIES } from './accounts/default-roles.js';
export type { ReportWidget, ReportRange, ReportPoint, ReportResult, ReportKind } from './dashboard-data/report-registry.js';
export { variantFor, type PageCache, type CachedPage, type SiteOptionKey } from './page-cache/index.js';
export { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE, islandAttributes, readIsland, type IslandMark, type AttributeReader } from './site-render/islands.js';
export {
  COLOR_SCHEME_COOKIE,
  type SiteShell,
  type SiteViewer,
  type SiteContentItem,
  type SitePostSummary,
  type SiteDocSummary,
  type SiteRoute,
  type SiteSeo,
  type SitePlan,
  type SitePageData,
  type RenderedPage,
  type ThemeDefinition,
  type ThemeExtensions,
  type PluginSite,
  type SiteRouteDefinition,
  type SiteRouteInput,
  type SiteRouteResult,
  type SiteComponent,
  type PluginSiteView,
  type BlockDataInput,
  type SiteAdminLink,
  type ContentAccessInput,
  type ContentAccessResult,
  type SiteServices,
  type SiteOverlay,
  type OverlayInput,
} from './site-render/contract.js';
export type { PluginTranslate } from './plugins/plugin-text.js';
export {
  SEARCH_TYPES,
  SEARCH_LIMIT,
  escapeLike,
  containsPattern,
  type SiteSearchResults,
  type SiteSearchHit,
  type SiteSearchType,
  type SiteSearchFilterValue,
  type SiteSearchKind,
  type SiteSearchQuery,
} from './site-search/index.js';
export { IMAGE_WIDTHS, IMAGE_QUALITY, IMAGE_PATH, imageSrc, imageSrcSet, isOptimizable, type ImageWidth } from './site-images/index.js';
export { DocumentSchema } from './content/schemas.js';
// The kernel's walk over stored documents (content, zones, slots; bounded), for a plugin's own documents.
export { blocksOfTypes, type FoundBlock } from './site-render/block-data.js';
// A plugin's own stored documents (a popup's) get the kernel's HTML cleaning and size bound.
export { sanitizeDocument, type PuckDocument } from './content/content-store.js';
// SPEC §5 text checks (forms, comments): whole-word, multilingual, case-insensitive.
export { containsProfanity, maskProfanity } from './text/profanity.js';
export { CONTENT_ACCESS_FILTER, type ContentAccessQuery } from './content/content-access.js';
export { TEXT_UPLOAD_FILTER, type TextUploadQuery, type TextUploadKind } from './storage/text-upload-access.js';
export { jobIdFor } from './jobs/job-id.js';
export type { JobContext, JobStepContext, WorkOptions } from './jobs/job-service.js';
// Automation declarations are TypeBox schemas; plugins get TypeBox through the SDK.
export { Type, type Static, type TObject, type TSchema } from '@sinclair/typebox';
// Route-schema pieces the kernel's routes and plugins' share (enums, nullable fields, timestamps, wire types).
export {
  Uuid,
  IdParams,
  EmptyBody,
  StringEnum,
  Nullable,
  Timestamp,
  NullableTimestamp,
  JsonObject,
  PagingSchema,
  PagingFields,
  paged,
  type Wire,
} from './schema/kit.js';
export { MANUAL_TRIGGER, TIME_DELAY, defineTrigger, defineCondition, defineAction } from './automation/index.js';
export type {
  TriggerDefinition,
  ConditionDefinition,
  ActionDefinition,
  AutomationEvent,
  ConditionContext,
  ConditionEvaluator,
  ActionScope,
  ActionOutcome,
  ActionHandler,
  RaiseInput,
  PluginAutomation,
} from './automation/index.js';
export {
  CURRENCIES,
  DEFAULT_CURRENCY,
  PAYMENT_PROVIDERS,
  currencyDigits,
  findCurrency,
  COUNTRIES,
  isCountryCode,
  formatMoney,
  percentOfMinor,
  toMajor,
  toMinor,
  type CurrencyInfo,
  type PaymentProvider,
  type Country,
  type FormatMoneyOptions,
  type MoneyCurrency,
} from './money/index.js';
