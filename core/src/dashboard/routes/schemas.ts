import { Type, type Static } from '@sinclair/typebox';
import { Nullable, StringEnum, type Wire } from '../../schema/kit.js';
import { LANGUAGES, type Language } from '../languages.js';
import { THEMES } from '../preferences.js';

/** Schemas of the dashboard shell's routes; their wire types are the admin's bootstrap and preferences. */

export const VisibleEntrySchema = Type.Object({
  id: Type.String(),
  label: Type.String({ description: 'i18n key' }),
  path: Type.String(),
  icon: Type.Optional(Type.String()),
  plugin: Type.Optional(Type.String({ description: 'the plugin whose admin module renders the entry' })),
});

export const MenuSchema = Type.Object({
  mode: StringEnum(['account', 'super']),
  sidebar: Type.Array(VisibleEntrySchema),
  profile: Type.Array(VisibleEntrySchema),
  quick: Type.Array(VisibleEntrySchema),
  createMenu: Type.Boolean(),
});

const preferenceFields = {
  theme: StringEnum(THEMES),
  /** null: follow the account's default language (a type list with null in the enum, as Ajv wants it). */
  language: Type.Unsafe<Language | null>({ type: ['string', 'null'], enum: [...LANGUAGES, null] }),
  sidebar_open: Type.Boolean(),
};

export const PreferencesSchema = Type.Object(preferenceFields);

export const PreferencesPatchSchema = Type.Object(
  {
    theme: Type.Optional(preferenceFields.theme),
    language: Type.Optional(preferenceFields.language),
    sidebar_open: Type.Optional(preferenceFields.sidebar_open),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const TourSchema = Nullable(Type.Object({ step: Type.Integer({ minimum: 0 }), done: Type.Boolean() }));

export const TourBodySchema = Type.Object({ step: Type.Integer({ minimum: 0, maximum: 1000 }), done: Type.Boolean() }, { additionalProperties: false });

export const StatusSchema = Type.Object({ status: Type.Boolean() });

const nullableString = Nullable(Type.String());

export const BootstrapSchema = Type.Object({
  account: Type.Object({
    id: Type.String(),
    slug: Type.String(),
    name: Type.String(),
    site_url: Type.String(),
    docs_url: Type.String({ description: "the platform's documentation" }),
    plan: Type.String(),
    plan_label: Type.String({ description: "The plan's name in the catalogue (the id when the catalogue lacks it)" }),
    is_platform: Type.Boolean(),
    default_language: Type.String(),
    currency: Type.String(),
    onboard: Type.Boolean({ description: 'SPEC §4: the tour starts by itself while this is on' }),
    trial_ends_at: Nullable(Type.String({ format: 'date-time' }), { description: 'When the sign-up trial ends; null when the account is not on one' }),
    billing_status: Type.String({ description: "Where the site stands with the platform's bill: trialing, active, past_due, read_only, suspended or comp" }),
    suspends_on: Nullable(Type.String({ format: 'date-time' }), { description: 'A read-only site is suspended then unless a plan is paid' }),
    sitetitle: Type.Optional(nullableString),
    logo: Type.Optional(nullableString),
    dark_logo: Type.Optional(nullableString),
    icon: Type.Optional(nullableString),
    logo_width: Type.Optional(Type.Integer({ description: 'SPEC §9: multiplied by 16 px; default 4 (64 px)' })),
  }),
  member: Type.Object({
    user_id: Type.String(),
    name: Type.String(),
    email: nullableString,
    avatar: nullableString,
    role: Nullable(Type.Object({ slug: Type.String(), name: Type.String() })),
    caps: Type.Array(Type.String()),
  }),
  is_super_admin: Type.Boolean(),
  features: Type.Array(Type.String()),
  plugins: Type.Array(Type.String(), { description: 'Installed plugins that are on for the account (their screens, blocks and widgets apply)' }),
  menu: MenuSchema,
  preferences: PreferencesSchema,
  tour: TourSchema,
  languages: Type.Array(Type.String()),
});

export const ProfileSchema = Type.Object({ name: Type.String(), avatar: Nullable(Type.String()) });

export const ProfileBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 120, pattern: '\\S' })),
    avatar: Type.Optional(Nullable(Type.String({ maxLength: 2048, pattern: '^(https?://|/)' }))),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const ProfileMenuItemSchema = Type.Object({
  id: Type.String(),
  label: Type.String(),
  path: Type.String(),
  enabled: Type.Boolean(),
  order: Type.Number(),
});

export const ProfileMenuSchema = Type.Object({ entries: Type.Array(ProfileMenuItemSchema) });

export const ProfileMenuBody = Type.Object(
  {
    entries: Type.Array(
      Type.Object(
        { id: Type.String({ minLength: 1, maxLength: 100 }), enabled: Type.Boolean(), order: Type.Integer({ minimum: -1000, maximum: 100000 }) },
        { additionalProperties: false },
      ),
      { maxItems: 200 },
    ),
  },
  { additionalProperties: false },
);

/** Wire types (the admin's bootstrap, preferences, profile and side-menu screens). */
export type BootstrapWire = Wire<Static<typeof BootstrapSchema>>;
export type MenuWire = Wire<Static<typeof MenuSchema>>;
export type VisibleEntryWire = Wire<Static<typeof VisibleEntrySchema>>;
export type PreferencesWire = Wire<Static<typeof PreferencesSchema>>;
export type PreferencesPatchWire = Static<typeof PreferencesPatchSchema>;
export type TourWire = Wire<Static<typeof TourSchema>>;
export type ProfileWire = Wire<Static<typeof ProfileSchema>>;
export type ProfileBodyWire = Static<typeof ProfileBody>;
export type ProfileMenuItemWire = Wire<Static<typeof ProfileMenuItemSchema>>;
export type ProfileMenuWire = Wire<Static<typeof ProfileMenuSchema>>;
export type ProfileMenuBodyWire = Static<typeof ProfileMenuBody>;
