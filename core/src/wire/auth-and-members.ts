/** Wire types of the auth (GoTrue and sign-in settings), members and roles, and platform (super-admin) routes. */
export type { AuthUserWire, AuthSessionWire, AuthErrorWire } from '../auth/routes/schemas.js';
export type { AuthSettingsWire, AuthProviderWire, AuthProviderBodyWire } from '../auth/settings-routes.js';
export type {
  MemberWire,
  MemberListWire,
  RoleWire,
  RoleListWire,
  CapabilityWire,
  CapabilityListWire,
  InviteBodyWire,
  NewRoleBodyWire,
  RoleChangesBodyWire,
  MemberEmailWire,
  MeWire,
} from '../members/routes/schemas.js';
export type {
  PlatformAccountWire,
  PlatformAccountListWire,
  PlatformAccountQueryWire,
  CreateAccountBodyWire,
  CreatedAccountWire,
  UpdateAccountBodyWire,
  OwnerWire,
  OwnerListWire,
  CronWire,
  CronListWire,
  QueuedJobWire,
  PlatformPluginWire,
  PluginListWire,
} from '../platform/schemas.js';
