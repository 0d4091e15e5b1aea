import type { ComponentType } from 'react';

/** The marketing screens, by menu entry id of the manifest (without the `marketing.` prefix); each its own chunk. */
export const screens: Record<string, () => Promise<{ default: ComponentType }>> = {
  marketing: () => import('./MarketingScreen'),
  automations: () => import('./AutomationsScreen'),
};
