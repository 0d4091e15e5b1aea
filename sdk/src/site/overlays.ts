import { useSyncExternalStore } from 'react';

/**
 * Which plugin overlays (SitePageData.overlays) are open. The plugin's browser part decides when
 * one opens (its display rules) and hears when the visitor closes it; the theme draws them and
 * closes them (close button, Escape, backdrop). Keys are `<plugin>:<id>`.
 */
export type OverlayCloseListener = (key: string) => void;

let open: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();
const closeListeners = new Set<OverlayCloseListener>();
const NONE: ReadonlySet<string> = new Set();

function changed(next: ReadonlySet<string>): void {
  open = next;
  for (const listener of listeners) listener();
}

/** The key an overlay goes by in the page. */
export const overlayKey = (plugin: string, id: string): string => `${plugin}:${id}`;

/** Opens an overlay (the plugin's rules said so); nothing when already open. */
export function openSiteOverlay(key: string): void {
  if (!open.has(key)) changed(new Set(open).add(key));
}

/** Closes an overlay (the theme, when the visitor dismisses it) and tells the plugins listening. */
export function closeSiteOverlay(key: string): void {
  if (!open.has(key)) return;
  const next = new Set(open);
  next.delete(key);
  changed(next);
  for (const listener of closeListeners) listener(key);
}

/** Hears overlays closed by the visitor; returns the unsubscribe. */
export function onSiteOverlayClosed(listener: OverlayCloseListener): () => void {
  closeListeners.add(listener);
  return () => closeListeners.delete(listener);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The open overlays' keys; none on the server (every overlay starts hidden). */
export function useOpenSiteOverlays(): ReadonlySet<string> {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => NONE,
  );
}
