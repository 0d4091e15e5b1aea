/**
 * A popup's display rules (issue 19 item 2), plain code shared by the server (which pages carry
 * it) and the browser (when, and for whom, it shows). No imports: it is bundled into the site.
 */

export const POPUP_TRIGGERS = ['delay', 'scroll', 'exit_intent'] as const;
export const POPUP_FREQUENCIES = ['every_page', 'once_per_session', 'every_days', 'once'] as const;
export const POPUP_AUDIENCES = ['everyone', 'signed_in', 'signed_out'] as const;
export const PAGE_MODES = ['all', 'only', 'except'] as const;

export type PopupTrigger = (typeof POPUP_TRIGGERS)[number];
export type PopupFrequency = (typeof POPUP_FREQUENCIES)[number];
export type PopupAudience = (typeof POPUP_AUDIENCES)[number];
export type PageMode = (typeof PAGE_MODES)[number];

export interface PopupRules {
  /** Which pages carry it: every page, only the listed ones, or all but them ('/blog/*' takes a section). */
  pages: { mode: PageMode; paths: string[] };
  /** What opens it: a delay after the page loads, a scroll depth, or the pointer leaving towards the tabs. */
  trigger: PopupTrigger;
  delay_seconds: number;
  scroll_percent: number;
  /** How often one visitor sees it; closing it always keeps it away for the rest of the visit. */
  frequency: PopupFrequency;
  every_days: number;
  audience: PopupAudience;
}

export const DEFAULT_POPUP_RULES: PopupRules = {
  pages: { mode: 'all', paths: [] },
  trigger: 'delay',
  delay_seconds: 5,
  scroll_percent: 50,
  frequency: 'once_per_session',
  every_days: 7,
  audience: 'everyone',
};

/** A path without its trailing slash ('/' stays '/'). */
const trimmed = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);

/** '/pricing' is that page; '/blog/*' is every page under /blog (not /blog itself); '/*' is every page. */
export function pathMatches(pattern: string, pathname: string): boolean {
  const path = trimmed(pathname);
  if (pattern.endsWith('/*')) return path.startsWith(pattern.slice(0, -1)) || (pattern === '/*' && path === '/');
  return trimmed(pattern) === path;
}

/** Whether a page carries the popup. */
export function onPage(pages: PopupRules['pages'], pathname: string): boolean {
  if (pages.mode === 'all') return true;
  const listed = pages.paths.some((pattern) => pathMatches(pattern, pathname));
  return pages.mode === 'only' ? listed : !listed;
}

/** What this browser remembers of one popup. */
export interface PopupMemory {
  /** When it last showed (any visit), ms since the epoch. */
  lastShownAt: number | null;
  /** The visitor sent the form inside it: it never shows again. */
  converted: boolean;
  shownThisVisit: boolean;
  closedThisVisit: boolean;
}

const DAY_MS = 86_400_000;

/** What the browser part gets of a popup (SiteOverlay.settings): its rules but the pages, and the forms it holds. */
export type PopupSettings = Omit<PopupRules, 'pages'> & { form_ids: string[] };

/** The window event the form island sends once a form was accepted (detail: {formId}). */
export const FORM_SENT_EVENT = 'lectern:marketing-form-sent';

/** Whether the popup may open for this visitor now (its trigger still has to fire). */
export function mayShow(
  rules: Pick<PopupRules, 'audience' | 'frequency' | 'every_days'>,
  memory: PopupMemory,
  visitor: { signedIn: boolean; now: number },
): boolean {
  if (rules.audience === 'signed_in' && !visitor.signedIn) return false;
  if (rules.audience === 'signed_out' && visitor.signedIn) return false;
  if (memory.converted || memory.closedThisVisit) return false;
  switch (rules.frequency) {
    case 'every_page':
      return true;
    case 'once_per_session':
      return !memory.shownThisVisit;
    case 'every_days':
      return memory.lastShownAt === null || visitor.now - memory.lastShownAt >= rules.every_days * DAY_MS;
    case 'once':
      return memory.lastShownAt === null;
  }
}

/** How far down the page the visitor is, in percent (a page that does not scroll counts as read). */
export function scrolledPercent(scrollY: number, viewportHeight: number, pageHeight: number): number {
  if (pageHeight <= viewportHeight) return 100;
  return Math.min(100, Math.round(((scrollY + viewportHeight) / pageHeight) * 100));
}
