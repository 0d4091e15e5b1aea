/** Schemas and reference lists of the site settings and app manifest routes; their wire types are the site screens'. */
import { Type, type Static } from '@sinclair/typebox';
import { DocumentSchema } from '../content/schemas.js';
import { JsonObject, Nullable, StringEnum, type Wire } from '../schema/kit.js';
import { LANGUAGES } from '../dashboard/languages.js';
import { CURRENCIES, type CurrencyInfo } from '../money/currencies.js';
import { DomainStatusObject } from './domain-claims.js';

// One currency list for the kernel: the money module owns it, the settings enum and route read it.
export { LANGUAGES, CURRENCIES, type CurrencyInfo };

/** Hex (3 or 6 digits) or rgba() with 0–255 channels and 0–1 alpha (SPEC §5 colour helpers). */
const BYTE = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const ALPHA = '(?:0|1|0?\\.\\d+|1\\.0+)';
export const Colour = {
  type: 'string',
  maxLength: 40,
  pattern: `^(?:#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|rgba\\(\\s*${BYTE}\\s*,\\s*${BYTE}\\s*,\\s*${BYTE}\\s*,\\s*${ALPHA}\\s*\\))$`,
  description: '#rgb, #rrggbb or rgba(r, g, b, a)',
} as const;

export const HexColour = { type: 'string', pattern: '^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$', description: '#rgb or #rrggbb' } as const;

/** An http(s) URL, or a path in the account's storage ("bucket/dir/file.png", no ".."). Empty clears. */
export const ImageRef = {
  type: 'string',
  maxLength: 2048,
  pattern: '^(?:https?://[^\\s<>"]+|(?!.*\\.\\.)/?[A-Za-z0-9_][A-Za-z0-9._/-]*)?$',
  description: 'An http(s) URL or a storage path (bucket/path)',
} as const;

/** A link target: a site path, an anchor, an http(s) or mailto URL. */
export const LinkUrl = {
  type: 'string',
  maxLength: 2048,
  pattern: '^(?:https?://[^\\s<>"]+|/[^\\s<>"]*|#[^\\s<>"]*|mailto:[^\\s<>"]+)$',
  description: 'A path (/about), an anchor (#top), or an http(s) or mailto URL',
} as const;

const Text = (max: number) => ({ type: 'string', maxLength: max }) as const;
const Label = { type: 'string', minLength: 1, maxLength: 80 } as const;
const StyleName = { type: 'string', maxLength: 40, pattern: '^[A-Za-z0-9_-]*$' } as const;
const Link = {
  type: 'object',
  required: ['label', 'url'],
  additionalProperties: false,
  properties: { label: Label, url: LinkUrl, new_tab: { type: 'boolean' } },
} as const;

/** Rich text stored after sanitizing (scripts, handlers and javascript: URLs removed). */
export const RICH_TEXT_MAX = 5000;

const MegaMenu = {
  type: 'object',
  required: ['columnCount', 'columns'],
  additionalProperties: false,
  properties: {
    columnCount: { type: 'integer', minimum: 1, maximum: 6 },
    columns: {
      type: 'array',
      maxItems: 6,
      items: {
        type: 'object',
        required: ['content'],
        additionalProperties: false,
        properties: {
          colSpan: { type: 'integer', minimum: 1, maximum: 6 },
          rowSpan: { type: 'integer', minimum: 1, maximum: 6 },
          content: Text(RICH_TEXT_MAX),
        },
      },
    },
  },
} as const;

export const MENU_MAX_DEPTH = 3;
const MenuId = { anyOf: [{ type: 'string', minLength: 1, maxLength: 64 }, { type: 'integer' }] } as const;

/** A menu item whose children may nest `levelsLeft - 1` more levels (the last level has no children). */
function menuItem(levelsLeft: number): Record<string, unknown> {
  const menuItemProperties: Record<string, unknown> = {
    label: Label,
    item_url: { anyOf: [LinkUrl, { type: 'string', maxLength: 0 }] },
    item_type: { type: 'string', enum: ['plain', 'megamenu'] },
    mega_menu: MegaMenu,
  };
  if (levelsLeft > 1) menuItemProperties.children = { type: 'array', maxItems: 50, items: menuItem(levelsLeft - 1) };
  return {
    type: 'object',
    required: ['id', 'data'],
    additionalProperties: false,
    properties: {
      id: MenuId,
      parent: { anyOf: [MenuId, { type: 'null' }] },
      data: {
        type: 'object',
        required: ['menuItem'],
        additionalProperties: false,
        properties: {
          menuItem: { type: 'object', required: ['label', 'item_url', 'item_type'], additionalProperties: false, properties: menuItemProperties },
        },
      },
    },
  };
}

export const MenuList = { type: 'array', maxItems: 200, items: menuItem(MENU_MAX_DEPTH) } as const;

export const SettingsSection = {
  type: 'object',
  additionalProperties: false,
  properties: {
    logo: ImageRef,
    dark_logo: ImageRef,
    icon: ImageRef,
    sitetitle: Text(120),
    logo_width: { type: 'integer', minimum: 1, maximum: 40, description: 'Times 16 px (SPEC §9; 4 = 64 px)' },
    currency: { type: 'string', enum: CURRENCIES.map((c) => c.code), description: 'ISO 4217 code' },
    defaultLanguage: { type: 'string', enum: [...LANGUAGES] },
    onboard: { type: 'boolean', description: 'Start the dashboard tour (SPEC §4 Tour)' },
    backend: {
      description: "The site's own hosted backend: its https URL and public key, or a server id",
      oneOf: [
        {
          type: 'object',
          required: ['url', 'key'],
          additionalProperties: false,
          properties: {
            url: { type: 'string', maxLength: 2048, pattern: '^https://[^\\s/?#]+(?:[/?#][^\\s]*)?$' },
            key: { type: 'string', minLength: 1, maxLength: 4096 },
          },
        },
        {
          type: 'object',
          required: ['server_id'],
          additionalProperties: false,
          properties: { server_id: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.-]+$' } },
        },
      ],
    },
  },
} as const;

export const MenusSection = {
  type: 'object',
  additionalProperties: false,
  properties: { header: MenuList, mobile: MenuList },
} as const;

export const HeaderSection = {
  type: 'object',
  additionalProperties: false,
  properties: {
    header_style: StyleName,
    header_fix: { type: 'boolean', description: 'Header stays at the top while scrolling' },
    header_fontsize: { type: 'integer', minimum: 10, maximum: 32, description: 'px' },
    header_darklight: { type: 'boolean', description: 'Show the light/dark switch' },
    header_search: { type: 'boolean' },
    header_cart: { type: 'boolean' },
    header_login: { type: 'boolean' },
    document: {
      ...DocumentSchema,
      description: 'Blocks the theme draws in the header (visual editor); kept when a save leaves it out, cleared by an empty document',
    },
  },
} as const;

const FooterColumn = {
  oneOf: [
    {
      type: 'object',
      required: ['title', 'type', 'data'],
      additionalProperties: false,
      properties: {
        title: Text(80),
        type: { const: 'links' },
        width: { type: 'integer', minimum: 1, maximum: 12 },
        data: { type: 'array', maxItems: 30, items: Link },
      },
    },
    {
      type: 'object',
      required: ['title', 'type', 'data'],
      additionalProperties: false,
      properties: { title: Text(80), type: { const: 'text' }, width: { type: 'integer', minimum: 1, maximum: 12 }, data: Text(RICH_TEXT_MAX) },
    },
  ],
} as const;

export const FooterSection = {
  type: 'object',
  additionalProperties: false,
  properties: {
    footer_style: StyleName,
    footer_columns: { type: 'array', maxItems: 6, items: FooterColumn },
    footer_bottom: Text(RICH_TEXT_MAX),
    footer_bottom_links: { type: 'array', maxItems: 20, items: Link },
    document: {
      ...DocumentSchema,
      description: 'Blocks the theme draws in the footer (visual editor); kept when a save leaves it out, cleared by an empty document',
    },
  },
} as const;

export const ThemeSection = {
  type: 'object',
  additionalProperties: false,
  properties: {
    bodyStyle: StyleName,
    mode: { type: 'string', enum: ['light', 'dark'] },
    primaryColor: Colour,
    accentColor: Colour,
    fontFamily: { type: 'string', maxLength: 80, pattern: '^[A-Za-z0-9 ,_-]*$' },
  },
} as const;

/** Milliseconds since the epoch (SPEC §3 Notices), up to the year 9999. */
const Timestamp = { type: 'integer', minimum: 0, maximum: 253_402_300_799_999 } as const;

export const NoticesSection = {
  type: 'object',
  additionalProperties: false,
  properties: {
    enable_header_notice: { type: 'boolean' },
    header_notice: Text(2000),
    header_notice_bg: Colour,
    header_notice_start: Timestamp,
    header_notice_expire: Timestamp,
    enable_footer_notice: { type: 'boolean' },
    footer_notice: Text(2000),
    footer_notice_bg: Colour,
  },
} as const;

export const MiscSection = {
  type: 'object',
  additionalProperties: false,
  properties: { scripts: { type: 'string', maxLength: 20_000, description: "The owner's own tags (analytics…), injected as given" } },
} as const;

/**
 * A section as the owner sends it. Its JSON Schema (above) checks every field, through oneOf/anyOf
 * and nested menus TypeBox would not emit the same way; the route stores the section whole, so
 * statically it is an object of any fields.
 */
type SectionInput = Record<string, unknown>;
const section = (schema: object) => Type.Unsafe<SectionInput>(schema);

export const SiteUpdateBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' })),
    settings: Type.Optional(section(SettingsSection)),
    menus: Type.Optional(section(MenusSection)),
    header: Type.Optional(section(HeaderSection)),
    footer: Type.Optional(section(FooterSection)),
    theme: Type.Optional(section(ThemeSection)),
    notices: Type.Optional(section(NoticesSection)),
    misc: Type.Optional(section(MiscSection)),
  },
  { additionalProperties: false, minProperties: 1 },
);

const Section = JsonObject;

export const CurrencySchema = Type.Object({ code: Type.String(), digits: Type.Integer(), name: Type.String() });

export const SiteResponse = Type.Object({
  name: Type.String(),
  slug: Type.String(),
  custom_domain: Nullable(Type.String(), { description: 'The custom domain the owner set: served once verified (see domain_status)' }),
  domain_status: Nullable(DomainStatusObject, {
    description: 'The custom domain: its proof record, status (pending, verified, failing) and whether it is served; null without one',
  }),
  settings: Section,
  menus: Section,
  header: Section,
  footer: Section,
  theme: Section,
  misc: Section,
  notices: Section,
  languages: Type.Array(Type.String()),
  currencies: Type.Array(CurrencySchema),
});

export const DomainBody = Type.Object({ custom_domain: Nullable(Type.String({ maxLength: 300 })) }, { additionalProperties: false });

/** POST …/domain/verify takes nothing: no body, or {}. */
export const VerifyBody = Type.Unsafe<Record<string, never> | null>({
  type: ['object', 'null'],
  additionalProperties: false,
  properties: {},
  description: 'Nothing (or {})',
});

/** Icon sizes as the manifest spec writes them: "192x192", several space-separated, or "any". */
const IconSizes = Type.String({ maxLength: 100, pattern: '^(?:any|\\d{1,4}x\\d{1,4})(?: (?:any|\\d{1,4}x\\d{1,4}))*$' });

export const AppIcon = Type.Object(
  {
    src: Type.String({ ...ImageRef, minLength: 1 }),
    sizes: IconSizes,
    type: Type.Optional(Type.String({ maxLength: 60, pattern: '^image/[a-z0-9.+-]+$' })),
    purpose: Type.Optional(Type.String({ maxLength: 40, pattern: '^(?:any|maskable|monochrome)(?: (?:any|maskable|monochrome))*$' })),
  },
  { additionalProperties: false },
);

export const AppSettingsBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 45 })),
    short_name: Type.Optional(Type.String({ minLength: 1, maxLength: 12 })),
    description: Type.Optional(Type.String({ maxLength: 200 })),
    icons: Type.Optional(Type.Array(AppIcon, { maxItems: 20 })),
    theme_color: Type.Optional(Type.String(HexColour)),
    background_color: Type.Optional(Type.String(HexColour)),
    display: Type.Optional(StringEnum(['standalone', 'minimal-ui', 'browser'])),
  },
  { additionalProperties: false },
);

const ManifestIcon = Type.Object({ src: Type.String(), sizes: Type.String(), type: Type.Optional(Type.String()), purpose: Type.Optional(Type.String()) });

const manifestFields = {
  name: Type.String(),
  short_name: Type.String(),
  description: Type.Optional(Type.String()),
  start_url: Type.String(),
  scope: Type.String(),
  display: Type.String(),
  theme_color: Type.String(),
  background_color: Type.String(),
  lang: Type.Optional(Type.String()),
  icons: Type.Array(ManifestIcon),
};

export const WebManifest = Type.Object(manifestFields);
export type WebManifestData = Static<typeof WebManifest>;

export const AppResponse = Type.Object({
  settings: Type.Unsafe<Static<typeof AppSettingsBody>>({ type: 'object', additionalProperties: true, description: 'What the owner saved (option "app")' }),
  manifest: Type.Object(manifestFields, { description: 'The manifest the site serves, with the account defaults filled in' }),
});

/** Wire types (the dashboard's site settings, domain and app screens). */
export type SiteWire = Wire<Static<typeof SiteResponse>>;
export type SiteUpdateWire = Static<typeof SiteUpdateBody>;
export type DomainStatusWire = Wire<Static<typeof DomainStatusObject>>;
export type CurrencyWire = Wire<Static<typeof CurrencySchema>>;
export type AppSettingsWire = Static<typeof AppSettingsBody>;
export type WebManifestWire = Wire<WebManifestData>;
export type AppWire = Wire<Static<typeof AppResponse>>;
