import { useSyncExternalStore, type ComponentType } from 'react';

/**
 * Places in a theme's chrome where plugins add UI (DESIGN §2a). A plugin's browser module declares
 * components per place (`extensions: { header: [CartWidget] }`); the theme draws `<SiteSlot
 * point="header" />` where that place is in its look. Neither knows the other: the theme never
 * reads a plugin's storage, the plugin never imports a theme.
 */
export interface SiteExtensionPoints {
  /** Controls in the header's action row (a cart button with its count), inside the page's providers. */
  header?: ReadonlyArray<ComponentType>;
}

export type SiteExtensionPoint = keyof SiteExtensionPoints;

interface Registered {
  key: string;
  Component: ComponentType;
}

// One registry per page (module state): the theme's roots and the plugins' chunks share this module.
let byPlugin = new Map<string, SiteExtensionPoints>();
let snapshots = new Map<SiteExtensionPoint, Registered[]>();
const listeners = new Set<() => void>();
const NOTHING: Registered[] = [];

function changed(): void {
  snapshots = new Map();
  for (const listener of listeners) listener();
}

/** Adds (or replaces) a plugin's extensions; called when its browser module loaded. */
export function registerSiteExtensions(plugin: string, extensions: SiteExtensionPoints): void {
  byPlugin = new Map(byPlugin).set(plugin, extensions);
  changed();
}

/** Forgets every plugin's extensions (tests, and a page torn down). */
export function clearSiteExtensions(): void {
  byPlugin = new Map();
  changed();
}

function registeredAt(point: SiteExtensionPoint): Registered[] {
  let list = snapshots.get(point);
  if (list === undefined) {
    list = [];
    for (const [plugin, extensions] of byPlugin) (extensions[point] ?? []).forEach((Component, index) => list!.push({ key: `${plugin}:${index}`, Component }));
    snapshots.set(point, list);
  }
  return list;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The components plugins declared for a place; none on the server (they arrive with the plugins' chunks). */
export function useSiteExtensions(point: SiteExtensionPoint): ReadonlyArray<Registered> {
  return useSyncExternalStore(
    subscribe,
    () => registeredAt(point),
    () => NOTHING,
  );
}

/** Draws what the site's plugins declared for `point`, in plugin order (nothing until their modules load). */
export function SiteSlot({ point }: { point: SiteExtensionPoint }) {
  const found = useSiteExtensions(point);
  return (
    <>
      {found.map(({ key, Component }) => (
        <Component key={key} />
      ))}
    </>
  );
}
