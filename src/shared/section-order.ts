import { applyOrder } from './query-rules';
import { neighbourIndex, swapWithNeighbour } from './list-move';

/**
 * An edit form's sections as pure values (widgets §3 "Saved section or form order", §5
 * "Custom order"): the page's default order merged with the user's saved order and the
 * administrators' hidden sections, moved, reset, and written back. The section-order machine
 * and the server call these; so can a test.
 */

/** A section as the popover holds it: its place is its index; `exist: false` is hidden for everyone. */
export interface SectionState {
  name: string;
  exist: boolean;
}

/**
 * The sections in the order to lay them out: the saved order when it names exactly the default
 * sections (same count, every entry known, none twice: `applyOrder`), otherwise the defaults.
 * Whether a section exists is the page's (`hidden`, by name), for a user who never saved too.
 */
export function mergeSections(defaults: readonly string[], customOrder: ReadonlyArray<{ name?: unknown }> | null | undefined, hidden: readonly unknown[] = []): SectionState[] {
  const saved = Array.isArray(customOrder) ? customOrder.map((e) => (e && typeof e.name === 'string' ? e.name : '')) : null;
  const gone = new Set(hidden.filter((n): n is string => typeof n === 'string'));
  return applyOrder([...defaults], saved).map((name) => ({ name, exist: !gone.has(name) }));
}

/** The names the form shows, in order: the sections that exist. */
export function visibleSections(sections: readonly SectionState[]): string[] {
  return sections.filter((s) => s.exist).map((s) => s.name);
}

/** The names hidden for everyone, in order. */
export function hiddenSections(sections: readonly SectionState[]): string[] {
  return sections.filter((s) => !s.exist).map((s) => s.name);
}

/**
 * Where `name` would go moving `by` places (−1 up, +1 down) among the sections `among` keeps (a
 * staff member's list leaves out the hidden ones, which keep their places); −1 when it cannot.
 */
export function sectionMoveTarget(sections: readonly SectionState[], name: string, by: number, among: (s: SectionState) => boolean = () => true): number {
  return neighbourIndex(sections, (s) => s.name === name, by, among);
}

/** The section swapped with its neighbour in the list (see `sectionMoveTarget`); unchanged when it cannot move. */
export function moveSection(sections: readonly SectionState[], name: string, by: number, among?: (s: SectionState) => boolean): SectionState[] {
  return swapWithNeighbour(sections, (s) => s.name === name, by, among);
}

/** One section shown or hidden; an unknown name changes nothing. */
export function setSectionExist(sections: readonly SectionState[], name: string, exist: boolean): SectionState[] {
  return sections.map((s) => (s.name === name ? { ...s, exist } : s));
}

/** Back to the default order; whether a section exists stays as it is (only the hidden tab changes that). */
export function resetSections(defaults: readonly string[], current: readonly SectionState[]): SectionState[] {
  const exist = new Map(current.map((s) => [s.name, s.exist]));
  return defaults.map((name) => ({ name, exist: exist.get(name) ?? true }));
}

/** Two lists say the same thing, order included. */
export function sameSections(a: readonly SectionState[], b: readonly SectionState[]): boolean {
  return a.length === b.length && a.every((s, i) => s.name === b[i]!.name && s.exist === b[i]!.exist);
}
