import type { SiteShell } from '@lectern/sdk';
import { bool, intIn, isRecord, list, num, record, str } from './read.js';
import { settingsImageUrl, safeHref } from './image-ref.js';

export const HEADER_STYLES = ['classic', 'centered', 'minimal', 'split'] as const;
export type HeaderStyle = (typeof HEADER_STYLES)[number];
export const FOOTER_STYLES = ['classic', 'dark', 'light', 'minimal'] as const;
export type FooterStyle = (typeof FOOTER_STYLES)[number];
export const BODY_STYLES = ['wide', 'boxed', 'framed'] as const;
export type BodyStyle = (typeof BODY_STYLES)[number];

const pick = <T extends string>(value: unknown, options: readonly T[], fallback: T): T =>
  typeof value === 'string' && (options as readonly string[]).includes(value) ? (value as T) : fallback;

export interface Branding {
  title: string;
  logo: string | null;
  darkLogo: string | null;
  icon: string | null;
  /** Logo width in px: settings.logo_width × 16 (SPEC §9), 64 when unset. */
  logoWidth: number;
}

export function readBranding(shell: SiteShell): Branding {
  const s = record(shell.settings);
  const title = str(s.sitetitle).trim() || shell.account.name;
  return {
    title,
    logo: settingsImageUrl(s.logo, shell.storageUrl),
    darkLogo: settingsImageUrl(s.dark_logo, shell.storageUrl),
    icon: settingsImageUrl(s.icon, shell.storageUrl),
    logoWidth: intIn(s.logo_width, 1, 40, 4) * 16,
  };
}

export interface HeaderOptions {
  style: HeaderStyle;
  fixed: boolean;
  fontSize: number;
  darkLight: boolean;
  search: boolean;
  cart: boolean;
  login: boolean;
}

/** Defaults are the admin's (HeaderTab): search, login and the light/dark switch on; cart off. */
export function readHeader(shell: SiteShell): HeaderOptions {
  const h = record(shell.header);
  const style = h.header_style === 'default' ? 'classic' : h.header_style;
  return {
    style: pick(style, HEADER_STYLES, 'classic'),
    fixed: bool(h.header_fix),
    fontSize: intIn(h.header_fontsize, 10, 32, 16),
    darkLight: bool(h.header_darklight, true),
    search: bool(h.header_search, true),
    cart: bool(h.header_cart),
    login: bool(h.header_login, true),
  };
}

export interface MegaColumn {
  colSpan: number;
  rowSpan: number;
  /** Sanitized by the kernel when saved. */
  html: string;
}

export interface MenuNode {
  id: string;
  label: string;
  /** null when the item is only a heading for its children. */
  href: string | null;
  children: MenuNode[];
  mega: { columnCount: number; columns: MegaColumn[] } | null;
}

const MAX_DEPTH = 3;

function readMenuItem(raw: unknown, index: number, depth: number): MenuNode | null {
  if (!isRecord(raw)) return null;
  const item = record(record(raw.data).menuItem);
  const label = str(item.label).trim();
  if (label === '') return null;
  const id = typeof raw.id === 'string' || typeof raw.id === 'number' ? String(raw.id) : `item-${depth}-${index}`;
  const url = str(item.item_url).trim();
  const megaRaw = record(item.mega_menu);
  const mega =
    item.item_type === 'megamenu' && Array.isArray(megaRaw.columns)
      ? {
          columnCount: intIn(megaRaw.columnCount, 1, 6, 1),
          columns: list(megaRaw.columns)
            .filter(isRecord)
            .slice(0, 6)
            .map((c) => ({ colSpan: intIn(c.colSpan, 1, 6, 1), rowSpan: intIn(c.rowSpan, 1, 6, 1), html: str(c.content) })),
        }
      : null;
  const children =
    depth < MAX_DEPTH && mega === null
      ? list(item.children)
          .map((child, i) => readMenuItem(child, i, depth + 1))
          .filter((node): node is MenuNode => node !== null)
      : [];
  return { id, label, href: url === '' ? null : safeHref(url), children, mega };
}

export function readMenu(value: unknown): MenuNode[] {
  return list(value)
    .map((item, i) => readMenuItem(item, i, 1))
    .filter((node): node is MenuNode => node !== null);
}

export function readMenus(shell: SiteShell): { header: MenuNode[]; mobile: MenuNode[] } {
  const m = record(shell.menus);
  const header = readMenu(m.header);
  const mobile = readMenu(m.mobile);
  // SPEC: the drawer shows the mobile menu, else the header menu.
  return { header, mobile: mobile.length > 0 ? mobile : header };
}

export interface FooterLink {
  label: string;
  href: string;
  newTab: boolean;
}

export type FooterColumn = { title: string; width: number; type: 'links'; links: FooterLink[] } | { title: string; width: number; type: 'text'; html: string };

export interface FooterOptions {
  style: FooterStyle;
  columns: FooterColumn[];
  bottomHtml: string;
  bottomLinks: FooterLink[];
}

function readLinks(value: unknown): FooterLink[] {
  return list(value)
    .filter(isRecord)
    .map((l) => ({ label: str(l.label).trim(), href: safeHref(l.url), newTab: bool(l.new_tab) }))
    .filter((l) => l.label !== '');
}

export function readFooter(shell: SiteShell): FooterOptions {
  const f = record(shell.footer);
  const columns: FooterColumn[] = [];
  for (const raw of list(f.footer_columns).slice(0, 6)) {
    if (!isRecord(raw)) continue;
    const title = str(raw.title);
    const width = intIn(raw.width, 1, 12, 3);
    if (raw.type === 'text') columns.push({ title, width, type: 'text', html: str(raw.data) });
    else columns.push({ title, width, type: 'links', links: readLinks(raw.data) });
  }
  return { style: pick(f.footer_style, FOOTER_STYLES, 'classic'), columns, bottomHtml: str(f.footer_bottom), bottomLinks: readLinks(f.footer_bottom_links) };
}

export interface NoticeOptions {
  enabled: boolean;
  html: string;
  background: string | null;
  /** Milliseconds since the epoch (SPEC §3 Notices); null when unset. */
  start: number | null;
  expire: number | null;
}

const COLOUR = /^(?:#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|rgba\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*(?:0|1|0?\.\d+|1\.0+)\s*\))$/;

/** A colour as the settings schema allows it; anything else is not put in a style attribute. */
export function safeColour(value: unknown): string | null {
  return typeof value === 'string' && COLOUR.test(value.trim()) ? value.trim() : null;
}

const stamp = (value: unknown): number | null => {
  const n = num(value, Number.NaN);
  return Number.isFinite(n) && n > 0 ? n : null;
};

export function readNotices(shell: SiteShell): { header: NoticeOptions; footer: NoticeOptions } {
  const n = record(shell.notices);
  return {
    header: {
      enabled: bool(n.enable_header_notice),
      html: str(n.header_notice),
      background: safeColour(n.header_notice_bg),
      start: stamp(n.header_notice_start),
      expire: stamp(n.header_notice_expire),
    },
    footer: { enabled: bool(n.enable_footer_notice), html: str(n.footer_notice), background: safeColour(n.footer_notice_bg), start: null, expire: null },
  };
}

export interface ThemeOptions {
  bodyStyle: BodyStyle;
  primaryColor: string | null;
  accentColor: string | null;
  fontFamily: string;
}

export function readTheme(shell: SiteShell): ThemeOptions {
  const t = record(shell.theme);
  return {
    bodyStyle: pick(t.bodyStyle, BODY_STYLES, 'wide'),
    primaryColor: safeColour(t.primaryColor),
    accentColor: safeColour(t.accentColor),
    fontFamily: str(t.fontFamily),
  };
}
