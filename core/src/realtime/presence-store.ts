/**
 * Who is present on every channel of every account, across all instances. Each instance applies
 * every presence diff it hears on the bus (its own included), so any instance can answer a join
 * with the whole channel's presence_state. Each entry remembers the instance that tracked it, so
 * the presences of an instance that stopped (or vanished) can be dropped as a whole.
 */
export interface PresenceMeta {
  phx_ref: string;
  phx_ref_prev?: string;
  [field: string]: unknown;
}

/** Phoenix's presence shape: presence key → its metas (one per tracking channel). */
export type PresenceMap = Record<string, { metas: PresenceMeta[] }>;

interface Entry {
  key: string;
  meta: PresenceMeta;
  origin: string;
}

export interface PresenceRecord {
  topicKey: string;
  key: string;
  meta: PresenceMeta;
}

export class PresenceStore {
  /** topicKey → phx_ref → entry; phx_refs are unique, so a leave names exactly one meta. */
  private readonly topics = new Map<string, Map<string, Entry>>();

  /** Applies one diff; returns false when it changed nothing (a duplicate or a late leave). */
  apply(topicKey: string, joins: PresenceMap, leaves: PresenceMap, origin: string): boolean {
    let changed = false;
    let entries = this.topics.get(topicKey);
    for (const { meta } of flatten(leaves)) {
      if (entries?.delete(meta.phx_ref)) changed = true;
    }
    for (const { key, meta } of flatten(joins)) {
      if (entries === undefined) {
        entries = new Map();
        this.topics.set(topicKey, entries);
      }
      entries.set(meta.phx_ref, { key, meta, origin });
      changed = true;
    }
    if (entries !== undefined && entries.size === 0) this.topics.delete(topicKey);
    return changed;
  }

  state(topicKey: string): PresenceMap {
    const map: PresenceMap = {};
    for (const { key, meta } of this.topics.get(topicKey)?.values() ?? []) (map[key] ??= { metas: [] }).metas.push(meta);
    return map;
  }

  /** Everything one instance tracked (what it sends a newly started instance). */
  recordsOf(origin: string): PresenceRecord[] {
    const records: PresenceRecord[] = [];
    for (const [topicKey, entries] of this.topics) {
      for (const entry of entries.values()) if (entry.origin === origin) records.push({ topicKey, key: entry.key, meta: entry.meta });
    }
    return records;
  }

  /** The instances that hold presences here. */
  origins(): Set<string> {
    const origins = new Set<string>();
    for (const entries of this.topics.values()) for (const entry of entries.values()) origins.add(entry.origin);
    return origins;
  }

  /** Removes an instance's presences; returns, per channel, the leaves to tell its members. */
  dropOrigin(origin: string): Map<string, PresenceMap> {
    const leaves = new Map<string, PresenceMap>();
    for (const [topicKey, entries] of this.topics) {
      for (const [ref, entry] of entries) {
        if (entry.origin !== origin) continue;
        entries.delete(ref);
        const map = leaves.get(topicKey) ?? {};
        (map[entry.key] ??= { metas: [] }).metas.push(entry.meta);
        leaves.set(topicKey, map);
      }
      if (entries.size === 0) this.topics.delete(topicKey);
    }
    return leaves;
  }
}

function* flatten(map: PresenceMap): Generator<{ key: string; meta: PresenceMeta }> {
  for (const [key, value] of Object.entries(map)) {
    for (const meta of value?.metas ?? []) if (typeof meta?.phx_ref === 'string') yield { key, meta };
  }
}

export function presenceMap(key: string, meta: PresenceMeta | null): PresenceMap {
  return meta === null ? {} : { [key]: { metas: [meta] } };
}
