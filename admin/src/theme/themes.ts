import 'styled-components';

export type ThemeName = 'light' | 'dark' | 'night';
export const THEME_NAMES: ThemeName[] = ['light', 'dark', 'night'];
/** SPEC §9 storage keys: the theme key (read before the first paint so the page never flashes). */
export const THEME_STORAGE_KEY = 'lectern-theme';

export interface Palette {
  name: ThemeName;
  bg: string;
  surface: string;
  surfaceAlt: string;
  border: string;
  text: string;
  muted: string;
  primary: string;
  primaryText: string;
  success: string;
  warning: string;
  info: string;
  danger: string;
  shadow: string;
  focus: string;
}

declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends Palette {}
}

export const THEMES: Record<ThemeName, Palette> = {
  light: {
    name: 'light',
    bg: '#f5f6f8',
    surface: '#ffffff',
    surfaceAlt: '#eef0f3',
    border: '#dde1e6',
    text: '#1d2430',
    muted: '#5c6675',
    primary: '#3451d1',
    primaryText: '#ffffff',
    success: '#1f7a3d',
    warning: '#a15c00',
    info: '#1f63a8',
    danger: '#b42318',
    shadow: '0 2px 8px rgba(15, 23, 42, 0.12)',
    focus: '#8aa1ff',
  },
  dark: {
    name: 'dark',
    bg: '#1b1e24',
    surface: '#242832',
    surfaceAlt: '#2d3240',
    border: '#3a4150',
    text: '#e8ebf1',
    muted: '#a3acbb',
    primary: '#7d93ff',
    primaryText: '#0f1422',
    success: '#5cc98a',
    warning: '#f0b35a',
    info: '#6cb4f5',
    danger: '#ff8a80',
    shadow: '0 2px 10px rgba(0, 0, 0, 0.45)',
    focus: '#a9b8ff',
  },
  night: {
    name: 'night',
    bg: '#05070b',
    surface: '#0d1017',
    surfaceAlt: '#151a24',
    border: '#232a38',
    text: '#d6dbe4',
    muted: '#8c95a5',
    primary: '#5f7cff',
    primaryText: '#ffffff',
    success: '#3fb878',
    warning: '#e2a03f',
    info: '#4da3f0',
    danger: '#f26b61',
    shadow: '0 2px 12px rgba(0, 0, 0, 0.7)',
    focus: '#7f97ff',
  },
};

export function storedTheme(): ThemeName | null {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' || value === 'night' ? value : null;
  } catch {
    return null;
  }
}
