import { KEEP_ALIVE_PAGES_MAX } from '../../shared/constants';

/**
 * The locations whose pages stay alive after `location` is shown: most recently shown last,
 * at most `max`, the one shown longest ago dropped first. Unchanged (the same array) when
 * `location` is already the latest, so a re-render does not re-order anything.
 */
export function keepAlive(kept: readonly string[], location: string, max = KEEP_ALIVE_PAGES_MAX): readonly string[] {
  if (kept[kept.length - 1] === location) return kept;
  const next = [...kept.filter((l) => l !== location), location];
  return next.length > max ? next.slice(next.length - max) : next;
}
