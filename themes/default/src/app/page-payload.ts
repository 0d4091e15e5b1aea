import type { SitePageData } from '@lectern/sdk';
import type { Messages } from '../i18n/messages.js';

/**
 * What the server embeds for hydration: the kernel's data, the active language's messages, and the
 * time of the render, so the browser's first render takes the same time-based decisions (notice
 * windows) as the server did before re-checking them with its own clock.
 */
export interface PagePayload {
  data: SitePageData;
  messages: Messages;
  renderedAt: number;
}

export const PAYLOAD_ELEMENT_ID = 'lectern-data';
