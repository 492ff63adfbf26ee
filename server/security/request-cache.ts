/**
 * The short-lived, per-process caches of what every request checks (the session and the
 * envelope key), and the signal that makes a change made in this process visible to them at
 * once. docs/security.md, "Session and key caches", says why a bounded staleness across
 * processes is safe.
 *
 * Across processes nothing is signalled: another process's logout, kick or password change
 * reaches this process's cache when its entry is older than its TTL, at most TTL later.
 * Within this process every writer that ends a session, changes whether a user may log in or
 * rebinds a key announces it here (announceChange), after its write; the caches drop what the
 * change touches and, for one TTL, neither answer from nor fill for it, so that a read which
 * raced the write (or its still open transaction) cannot put the old row back.
 */

/** What a change in this process touched. */
export type CacheChange = { userId: number } | { tokenHash: string } | { keyId: string };

type Listener = (change: CacheChange) => void;
const listeners = new Set<Listener>();

/** Tells every cache of this process (each app instance's) that a session, user or key changed. */
export function announceChange(change: CacheChange): void {
  for (const listener of listeners) listener(change);
}

/** Subscribes to the changes of this process; answers the unsubscribe. */
export function onChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * Where an app's caches hear of changes: this process's announcements. A test gives a second
 * app instance one that hears nothing, to play a process of its own on the same database.
 */
export interface ChangeFeed {
  onChange(listener: Listener): () => void;
}
export const processChanges: ChangeFeed = { onChange };

interface Entry<V> {
  value: V;
  /** The clock's time when the value was read from the database. */
  readAt: number;
  tags: readonly string[];
}

/** Where a database read began: set() refuses what a change since then may have made stale. */
export interface ReadMark {
  readAt: number;
  generation: number;
}

/**
 * A map whose entries answer for ttlMs after they were read, against the app's clock. Each entry
 * carries tags ('user:7', 'token:…'); `block(tag)` drops every entry with the tag and, for one
 * TTL, stores none. A value whose read began before a block of one of its tags is not stored
 * either, however long the read took.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /** tag → [blocked until, generation of the block] */
  private readonly blocks = new Map<string, [number, number]>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
    private readonly tagsOf: (key: string, value: V) => readonly string[],
    /** Bounds the memory: past this many entries the oldest goes. */
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.readAt >= this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Call before reading from the database; hand the mark to set(). */
  reading(): ReadMark {
    return { readAt: this.now(), generation: this.generation };
  }

  set(key: string, value: V, read: ReadMark): void {
    const tags = this.tagsOf(key, value);
    const now = this.now();
    for (const tag of tags) {
      const block = this.blocks.get(tag);
      if (!block) continue;
      if (now < block[0] || block[1] > read.generation) return;
      this.blocks.delete(tag);
    }
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, readAt: read.readAt, tags });
  }

  /** Drops every entry tagged so and keeps them out for one TTL. */
  block(tag: string): void {
    this.generation++;
    this.blocks.set(tag, [this.now() + this.ttlMs, this.generation]);
    for (const [key, entry] of this.entries) if (entry.tags.includes(tag)) this.entries.delete(key);
    // Blocks past their time only matter to reads that began before them: drop the old ones.
    if (this.blocks.size > this.maxEntries) for (const [t, [until]] of this.blocks) if (until <= this.now()) this.blocks.delete(t);
  }

  get size(): number {
    return this.entries.size;
  }
}
