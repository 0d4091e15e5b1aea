import { LANGUAGES } from '../languages.js';
import { THEMES } from '../preferences.js';

export const VisibleEntrySchema = {
  type: 'object',
  required: ['id', 'label', 'path'],
  properties: {
    id: { type: 'string' },
    label: { type: 'string', description: 'i18n key' },
    path: { type: 'string' },
    icon: { type: 'string' },
    plugin: { type: 'string', description: 'the plugin whose admin module renders the entry' },
  },
} as const;

export const MenuSchema = {
  type: 'object',
  required: ['mode', 'sidebar', 'profile', 'quick', 'createMenu'],
  properties: {
    mode: { type: 'string', enum: ['account', 'super'] },
    sidebar: { type: 'array', items: VisibleEntrySchema },
    profile: { type: 'array', items: VisibleEntrySchema },
    quick: { type: 'array', items: VisibleEntrySchema },
    createMenu: { type: 'boolean' },
  },
} as const;

export const PreferencesSchema = {
  type: 'object',
  required: ['theme', 'language', 'sidebar_open'],
  properties: {
    theme: { type: 'string', enum: [...THEMES] },
    language: { type: ['string', 'null'], enum: [...LANGUAGES, null] },
    sidebar_open: { type: 'boolean' },
  },
} as const;

export const PreferencesPatchSchema = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: PreferencesSchema.properties,
} as const;

export const TourSchema = {
  type: ['object', 'null'],
  required: ['step', 'done'],
  properties: { step: { type: 'integer', minimum: 0 }, done: { type: 'boolean' } },
} as const;

export const TourBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['step', 'done'],
  properties: { step: { type: 'integer', minimum: 0, maximum: 1000 }, done: { type: 'boolean' } },
} as const;
