/**
 * The wire types of the kernel's routes: what each route's TypeBox schema says it takes and answers,
 * as JSON carries it (`Wire<Static<typeof Schema>>`). The dashboard and plugins' screens import these
 * types (through `@lectern/sdk/wire`) instead of copying them, so a schema change reaches the screens
 * at compile time. Types only: nothing here exists at run time.
 */
export type * from './storage-and-services.js';
export type * from './auth-and-members.js';
export type * from './content-and-site.js';
export type { SiteAddressWire } from '../signup/routes.js';
export type { SignupAnswerWire } from '../signup/sign-up.js';
export type { TicketWire, PlatformTicketWire, TicketMessageWire, TicketThreadWire, PlatformTicketThreadWire } from '../support/schemas.js';
export type { SummaryWire, SummaryCardWire, ReportsWire, ReportWidgetWire, BillingWire, PlanLimitsWire, SetupWire } from '../dashboard-data/schemas.js';
export type { CustomerListWire, CustomerUsageWire } from '../billing/customers-routes.js';
export type { UsageHistoryWire, UsageMonthWire } from '../billing/usage-history.js';
