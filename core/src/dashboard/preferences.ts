import type { AnyDb } from '../db/database.js';
import { isLanguage, type Language } from './languages.js';
import { memberMeta } from './member-meta.js';

export const THEMES = ['light', 'dark', 'night'] as const;
export type DashboardTheme = (typeof THEMES)[number];

/** What the dashboard remembers for a member (SPEC §4: theme persisted, sidebar state remembered). */
export interface Preferences {
  theme: DashboardTheme;
  /** null: follow the account's default language. */
  language: Language | null;
  /** SPEC §4: the sidebar starts collapsed. */
  sidebar_open: boolean;
}

/** SPEC §4 Tour: the last step reached and whether it was finished; null before the first run. */
export interface TourState {
  step: number;
  done: boolean;
}

export const PREFERENCES_KEY = 'dashboard.preferences';
export const TOUR_KEY = 'dashboard.tour';
export const DEFAULT_PREFERENCES: Preferences = { theme: 'light', language: null, sidebar_open: false };

/** Stored values are read defensively: an old or hand-edited row falls back field by field. */
export function readPreferences(stored: unknown): Preferences {
  const value = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<string, unknown>;
  return {
    theme: (THEMES as readonly unknown[]).includes(value.theme) ? (value.theme as DashboardTheme) : DEFAULT_PREFERENCES.theme,
    language: isLanguage(value.language) ? value.language : null,
    sidebar_open: typeof value.sidebar_open === 'boolean' ? value.sidebar_open : DEFAULT_PREFERENCES.sidebar_open,
  };
}

export function readTour(stored: unknown): TourState | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const value = stored as Record<string, unknown>;
  return { step: typeof value.step === 'number' ? value.step : 0, done: value.done === true };
}

export async function loadDashboardState(db: AnyDb, accountId: string, userId: string): Promise<{ preferences: Preferences; tour: TourState | null }> {
  const meta = await memberMeta.read(db, accountId, userId, [PREFERENCES_KEY, TOUR_KEY]);
  return { preferences: readPreferences(meta.get(PREFERENCES_KEY)), tour: readTour(meta.get(TOUR_KEY)) };
}
