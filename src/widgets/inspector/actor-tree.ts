import type { InspectedActor } from '../../services/inspector';

export interface ActorNode {
  actor: InspectedActor;
  depth: number;
}

/** The actors as a tree, flattened in display order: each parent followed by its children. */
export function actorTree(actors: readonly InspectedActor[]): ActorNode[] {
  const ids = new Set(actors.map((a) => a.id));
  const children = new Map<string | undefined, InspectedActor[]>();
  for (const a of actors) {
    const parent = a.parentId && ids.has(a.parentId) ? a.parentId : undefined;
    children.set(parent, [...(children.get(parent) ?? []), a]);
  }
  const out: ActorNode[] = [];
  const walk = (parent: string | undefined, depth: number) => {
    for (const a of children.get(parent) ?? []) {
      out.push({ actor: a, depth });
      walk(a.id, depth + 1);
    }
  };
  walk(undefined, 0);
  return out;
}

/** The actor to show when none is chosen: the newest running machine at the top of the tree. */
export function defaultActor(actors: readonly InspectedActor[]): InspectedActor | undefined {
  const machines = actors.filter((a) => a.machineId);
  return [...machines].reverse().find((a) => a.status === 'active' && !a.parentId) ?? machines.at(-1);
}
