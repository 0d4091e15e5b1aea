import { onSiteOverlayClosed, openSiteOverlay, overlayKey, type GlobalProps } from '@lectern/sdk/site';
import { useEffect } from 'react';
import { FORM_SENT_EVENT, mayShow, scrolledPercent, type PopupMemory, type PopupSettings } from '../src/popups/rules.js';

const PLUGIN = 'marketing';
const storageKey = (id: string) => `lectern.popup.${id}`;

// Storage may be off (private modes, blocked cookies): the popup then shows by its trigger alone.
function read(storage: () => Storage, id: string): Record<string, unknown> {
  try {
    const value = JSON.parse(storage().getItem(storageKey(id)) ?? '{}') as unknown;
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
function write(storage: () => Storage, id: string, changes: Record<string, unknown>): void {
  try {
    storage().setItem(storageKey(id), JSON.stringify({ ...read(storage, id), ...changes }));
  } catch {
    // Nothing remembered: the frequency rule cannot hold in this browser.
  }
}
const lasting = () => window.localStorage;
const visit = () => window.sessionStorage;

function memoryOf(id: string): PopupMemory {
  const kept = read(lasting, id);
  const now = read(visit, id);
  return {
    lastShownAt: typeof kept.shownAt === 'number' ? kept.shownAt : null,
    converted: kept.converted === true,
    shownThisVisit: now.shown === true,
    closedThisVisit: now.closed === true,
  };
}

/**
 * The popups' display rules in the browser (issue 19 item 2): the page carries the popups its path
 * asks for (the server applied the page rule); here each one's audience, frequency and trigger
 * (delay, scroll depth, exit intent) decide whether and when the theme opens it. One popup at a
 * time; what the visitor did is remembered: shown (frequency), closed (the rest of the visit),
 * its form sent (never again). Draws nothing itself.
 */
export function PopupRules({ page }: GlobalProps) {
  const signedIn = page.viewer !== null;
  useEffect(() => {
    const popups = (page.overlays ?? []).filter((overlay) => overlay.plugin === PLUGIN);
    if (popups.length === 0) return;
    const stops: Array<() => void> = [];
    let shown = false;
    const now = Date.now();
    for (const popup of popups) {
      const settings = popup.settings as PopupSettings;
      if (!mayShow(settings, memoryOf(popup.id), { signedIn, now })) continue;
      const show = () => {
        if (shown) return;
        shown = true;
        write(lasting, popup.id, { shownAt: Date.now() });
        write(visit, popup.id, { shown: true });
        openSiteOverlay(overlayKey(PLUGIN, popup.id));
      };
      if (settings.trigger === 'delay') {
        const timer = window.setTimeout(show, settings.delay_seconds * 1000);
        stops.push(() => window.clearTimeout(timer));
      } else if (settings.trigger === 'scroll') {
        const onScroll = () => {
          if (scrolledPercent(window.scrollY, window.innerHeight, document.documentElement.scrollHeight) >= settings.scroll_percent) show();
        };
        window.addEventListener('scroll', onScroll, { passive: true });
        stops.push(() => window.removeEventListener('scroll', onScroll));
        onScroll();
      } else {
        // Exit intent: the pointer leaves the page through its top edge (towards the tabs or the address bar).
        const onLeave = (event: MouseEvent) => {
          if (event.relatedTarget === null && event.clientY <= 0) show();
        };
        document.addEventListener('mouseout', onLeave);
        stops.push(() => document.removeEventListener('mouseout', onLeave));
      }
    }
    stops.push(
      onSiteOverlayClosed((key) => {
        const popup = popups.find((candidate) => overlayKey(PLUGIN, candidate.id) === key);
        if (popup !== undefined) write(visit, popup.id, { closed: true });
      }),
    );
    const onSent = (event: Event) => {
      const formId = (event as CustomEvent<{ formId?: string }>).detail?.formId;
      for (const popup of popups) if ((popup.settings as PopupSettings).form_ids.includes(formId ?? '')) write(lasting, popup.id, { converted: true });
    };
    window.addEventListener(FORM_SENT_EVENT, onSent);
    stops.push(() => window.removeEventListener(FORM_SENT_EVENT, onSent));
    return () => stops.forEach((stop) => stop());
  }, [page, signedIn]);
  return null;
}
