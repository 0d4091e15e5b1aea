import type { CourseCardData } from '../types.js';

// Shared by the blocks (browser and server) and the server's loader: no server imports here.

/** The most courses a grid shows. */
export const GRID_MAX = 12;

/** What the LMS's blocks on a page draw: grids by their settings, cards by course slug. */
export interface LmsBlockData {
  grids: Record<string, CourseCardData[]>;
  cards: Record<string, CourseCardData>;
  /** The blocks' own words in the site's language. */
  words: { empty: string };
}

export interface GridSettings {
  count: number;
  category: string;
}

/** A grid's stored props, made safe: 1–12 courses, an optional category slug. */
export function gridSettings(props: Record<string, unknown>): GridSettings {
  const raw = Number(props.count);
  const count = Number.isFinite(raw) ? Math.min(GRID_MAX, Math.max(1, Math.round(raw))) : 6;
  const category = typeof props.category === 'string' ? props.category.trim().toLowerCase().slice(0, 200) : '';
  return { count, category };
}

/** The key a grid's courses are stored under, from its settings (two grids alike share one list). */
export const gridKey = ({ count, category }: GridSettings) => `${category}|${count}`;

export const cardSlugOf = (props: Record<string, unknown>) => (typeof props.course === 'string' ? props.course.trim().slice(0, 200) : '');
