/**
 * Typed actions (fire and forget, awaited in priority order) and filters (each handler transforms
 * a value). Plugins extend the maps by declaration merging:
 *
 *   declare module '@lectern/sdk' { interface ActionHooks { 'lms.enrolled': { courseId: string } } }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ActionHooks {}
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface FilterHooks {}

type Payload<M, K> = K extends keyof M ? M[K] : unknown;

/** What a hook runs for: the account whose features decide which plugins' handlers run. */
export interface HookScope {
  accountId: string | null;
  /** Effective features of that account; handlers of plugins whose feature is off are skipped. */
  features: ReadonlySet<string>;
}

export interface HookOptions {
  /** Lower runs first; equal priorities keep the order they were added in. Default 10. */
  priority?: number;
  /** Set by the kernel for plugin handlers. */
  plugin?: string;
}

export type ActionHandler<P> = (payload: P, scope: HookScope) => void | Promise<void>;
export type FilterHandler<V> = (value: V, scope: HookScope) => V | Promise<V>;

interface Entry<H> {
  handler: H;
  priority: number;
  sequence: number;
  feature: string | undefined;
}

export class HookBus {
  private readonly actions = new Map<string, Entry<ActionHandler<unknown>>[]>();
  private readonly filters = new Map<string, Entry<FilterHandler<unknown>>[]>();
  private sequence = 0;

  /** @param featureOf the feature flag that gates a plugin's handlers (undefined: always on). */
  constructor(private readonly featureOf: (plugin: string) => string | undefined = () => undefined) {}

  addAction<K extends string>(name: K, handler: ActionHandler<Payload<ActionHooks, K>>, options: HookOptions = {}): () => void {
    return this.add(this.actions, name, handler as ActionHandler<unknown>, options);
  }

  addFilter<K extends string>(name: K, handler: FilterHandler<Payload<FilterHooks, K>>, options: HookOptions = {}): () => void {
    return this.add(this.filters, name, handler as FilterHandler<unknown>, options);
  }

  async doAction<K extends string>(name: K, payload: Payload<ActionHooks, K>, scope: HookScope): Promise<void> {
    for (const entry of this.active(this.actions, name, scope)) await entry.handler(payload, scope);
  }

  async applyFilters<K extends string>(name: K, value: Payload<FilterHooks, K>, scope: HookScope): Promise<Payload<FilterHooks, K>> {
    let current: unknown = value;
    for (const entry of this.active(this.filters, name, scope)) current = await entry.handler(current, scope);
    return current as Payload<FilterHooks, K>;
  }

  hasHandlers(name: string): boolean {
    return (this.actions.get(name)?.length ?? 0) + (this.filters.get(name)?.length ?? 0) > 0;
  }

  private add<H>(map: Map<string, Entry<H>[]>, name: string, handler: H, options: HookOptions): () => void {
    const entry: Entry<H> = {
      handler,
      priority: options.priority ?? 10,
      sequence: this.sequence++,
      feature: options.plugin === undefined ? undefined : this.featureOf(options.plugin),
    };
    const list = [...(map.get(name) ?? []), entry].sort((a, b) => a.priority - b.priority || a.sequence - b.sequence);
    map.set(name, list);
    return () =>
      map.set(
        name,
        (map.get(name) ?? []).filter((e) => e !== entry),
      );
  }

  private active<H>(map: Map<string, Entry<H>[]>, name: string, scope: HookScope): Entry<H>[] {
    return (map.get(name) ?? []).filter((e) => e.feature === undefined || scope.features.has(e.feature));
  }
}
