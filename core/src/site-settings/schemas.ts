/** JSON schemas and reference lists of the site settings and app manifest routes. */
import { DocumentSchema } from '../content/schemas.js';
import { LANGUAGES } from '../dashboard/languages.js';
import { CURRENCIES, type CurrencyInfo } from '../money/currencies.js';
import { DomainStatusSchema } from './domain-claims.js';

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

export const SiteUpdateBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' },
    settings: SettingsSection,
    menus: MenusSection,
    header: HeaderSection,
    footer: FooterSection,
    theme: ThemeSection,
    notices: NoticesSection,
    misc: MiscSection,
  },
} as const;

const Section = { type: 'object', additionalProperties: true } as const;

export const SiteResponse = {
  type: 'object',
  required: ['name', 'slug', 'custom_domain', 'domain_status', 'settings', 'menus', 'header', 'footer', 'theme', 'misc', 'notices', 'languages', 'currencies'],
  properties: {
    name: { type: 'string' },
    slug: { type: 'string' },
    custom_domain: { type: ['string', 'null'], description: 'The custom domain the owner set: served once verified (see domain_status)' },
    domain_status: {
      ...DomainStatusSchema,
      description: 'The custom domain: its proof record, status (pending, verified, failing) and whether it is served; null without one',
    },
    settings: Section,
    menus: Section,
    header: Section,
    footer: Section,
    theme: Section,
    misc: Section,
    notices: Section,
    languages: { type: 'array', items: { type: 'string' } },
    currencies: {
      type: 'array',
      items: {
        type: 'object',
        required: ['code', 'digits', 'name'],
        properties: { code: { type: 'string' }, digits: { type: 'integer' }, name: { type: 'string' } },
      },
    },
  },
} as const;

export const DomainBody = {
  type: 'object',
  required: ['custom_domain'],
  additionalProperties: false,
  properties: { custom_domain: { type: ['string', 'null'], maxLength: 300 } },
} as const;

/** Icon sizes as the manifest spec writes them: "192x192", several space-separated, or "any". */
const IconSizes = { type: 'string', maxLength: 100, pattern: '^(?:any|\\d{1,4}x\\d{1,4})(?: (?:any|\\d{1,4}x\\d{1,4}))*$' } as const;

export const AppIcon = {
  type: 'object',
  required: ['src', 'sizes'],
  additionalProperties: false,
  properties: {
    src: { ...ImageRef, minLength: 1 },
    sizes: IconSizes,
    type: { type: 'string', maxLength: 60, pattern: '^image/[a-z0-9.+-]+$' },
    purpose: { type: 'string', maxLength: 40, pattern: '^(?:any|maskable|monochrome)(?: (?:any|maskable|monochrome))*$' },
  },
} as const;

export const AppSettingsBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 45 },
    short_name: { type: 'string', minLength: 1, maxLength: 12 },
    description: { type: 'string', maxLength: 200 },
    icons: { type: 'array', maxItems: 20, items: AppIcon },
    theme_color: HexColour,
    background_color: HexColour,
    display: { type: 'string', enum: ['standalone', 'minimal-ui', 'browser'] },
  },
} as const;

const ManifestIcon = {
  type: 'object',
  required: ['src', 'sizes'],
  properties: { src: { type: 'string' }, sizes: { type: 'string' }, type: { type: 'string' }, purpose: { type: 'string' } },
} as const;

export const WebManifest = {
  type: 'object',
  required: ['name', 'short_name', 'start_url', 'scope', 'display', 'theme_color', 'background_color', 'icons'],
  properties: {
    name: { type: 'string' },
    short_name: { type: 'string' },
    description: { type: 'string' },
    start_url: { type: 'string' },
    scope: { type: 'string' },
    display: { type: 'string' },
    theme_color: { type: 'string' },
    background_color: { type: 'string' },
    lang: { type: 'string' },
    icons: { type: 'array', items: ManifestIcon },
  },
} as const;

export const AppResponse = {
  type: 'object',
  required: ['settings', 'manifest'],
  properties: {
    settings: { type: 'object', additionalProperties: true, description: 'What the owner saved (option "app")' },
    manifest: { ...WebManifest, description: 'The manifest the site serves, with the account defaults filled in' },
  },
} as const;
