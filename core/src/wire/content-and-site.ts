/** Wire types of the content, dashboard shell, notification, automation, site settings and kernel routes. */
export type {
  ContentItemWire,
  ContentSummaryWire,
  PageWire,
  PostWire,
  PageInputWire,
  PostInputWire,
  TermWire,
  TermDetailWire,
  RevisionWire,
} from '../content/schemas.js';
export type {
  BootstrapWire,
  MenuWire,
  VisibleEntryWire,
  PreferencesWire,
  PreferencesPatchWire,
  TourWire,
  ProfileWire,
  ProfileBodyWire,
  ProfileMenuItemWire,
  ProfileMenuWire,
  ProfileMenuBodyWire,
} from '../dashboard/routes/schemas.js';
export type {
  NotificationWire,
  NotificationListWire,
  AccountNotificationWire,
  AlertListWire,
  TouchpointWire,
  TouchpointPatchWire,
} from '../notifications/routes/schemas.js';
export type {
  AutomationWire,
  AutomationListWire,
  AutomationBodyWire,
  AutomationRunWire,
  AutomationRunListWire,
  AutomationCatalogueWire,
} from '../automation/schemas.js';
export type { SiteWire, SiteUpdateWire, DomainStatusWire, CurrencyWire, AppSettingsWire, WebManifestWire, AppWire } from '../site-settings/schemas.js';
export type { AddonWire, AddonListWire } from '../routes/addons.js';
export type { SiteConfigWire } from '../routes/site-config.js';
