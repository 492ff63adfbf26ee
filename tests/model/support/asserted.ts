import type { AnyMachineSnapshot, AnyStateNode } from 'xstate';
import type { ModelPath } from './paths';

/**
 * "Every transition covered" says little if a state the walk reaches is never looked at: a
 * model test must assert something in every atomic (or final) state its paths reach. A state
 * counts as asserted when one of the test's `states` keys matches it (`'editing'` covers
 * `editing.counting`); the catch-all `onState` does not count.
 */

/** `snapshot.matches` for a key written like a path: 'editing' or 'editing.counting'. */
export function matchesKey(snapshot: AnyMachineSnapshot, key: string): boolean {
  return snapshot.matches(key.includes('.') ? toValue(key.split('.')) : key);
}

const toValue = (parts: string[]): string | Record<string, unknown> => (parts.length === 1 ? parts[0]! : { [parts[0]!]: toValue(parts.slice(1)) });

function leaves(snapshot: AnyMachineSnapshot): AnyStateNode[] {
  return (snapshot as unknown as { _nodes: AnyStateNode[] })._nodes.filter((n) => n.type === 'atomic' || n.type === 'final');
}

/**
 * The atomic and final states the paths reach that no assertion key covers, as dotted paths.
 * A key covers a leaf when it is the leaf's path or an ancestor's, so in a parallel state an
 * assertion on one region does not count for the other.
 */
export function unassertedStates(paths: ModelPath[], keys: string[]): string[] {
  const missing = new Set<string>();
  for (const path of paths) {
    for (const step of path.steps) {
      for (const node of leaves(step.state)) {
        const leaf = node.path.join('.');
        if (!keys.some((k) => leaf === k || leaf.startsWith(`${k}.`))) missing.add(leaf);
      }
    }
  }
  return [...missing].sort();
}
