import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

/**
 * A sandbox's state on disk, under DATA_DIR like the rest of the embedded runtime, so a restart
 * keeps what the stand-in platform issued and received, as the real one would: tokens still
 * work, posts are still there. The file is written whole and atomically (a temporary file, then
 * a rename), so a crash leaves the old state or the new one, never half of either.
 */
export interface SandboxStore<T> {
  /** The saved state merged over `empty()`, or `empty()` when there is none (or it is unreadable). */
  load(): T;
  save(state: T): void;
}

export function sandboxStore<T extends object>(file: string | undefined, empty: () => T): SandboxStore<T> {
  return {
    load() {
      if (!file || !existsSync(file)) return empty();
      try {
        return { ...empty(), ...(JSON.parse(readFileSync(file, 'utf8')) as Partial<T>) };
      } catch {
        return empty();
      }
    },
    save(state) {
      if (!file) return;
      writeFileSync(`${file}.tmp`, JSON.stringify(state));
      renameSync(`${file}.tmp`, file);
    },
  };
}

/** A Map that calls `changed` on every set and delete: the sandbox saves before it answers. */
export function trackedMap<K, V>(entries: Iterable<readonly [K, V]>, changed: () => void): Map<K, V> {
  const map = new Map<K, V>(entries);
  const set = map.set.bind(map);
  const remove = map.delete.bind(map);
  const clear = map.clear.bind(map);
  map.set = (key, value) => {
    changed();
    return set(key, value);
  };
  map.delete = (key) => {
    changed();
    return remove(key);
  };
  map.clear = () => {
    changed();
    clear();
  };
  return map;
}
