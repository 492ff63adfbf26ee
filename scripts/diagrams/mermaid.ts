import type { Chart, ChartState, ChartTransition } from './statechart';

/**
 * A chart as Mermaid `stateDiagram-v2` text: compound states as composite states, parallel
 * regions separated by `--`, initial and final pseudo-states, invoked actors and tags as
 * state descriptions, and every transition with its label (`EVENT [guard]`, `after 500 ms`,
 * `always [guard]`, `done: actor`).
 */

/** The machine's own (root-level) transitions and actors hang on a pseudo-state: they apply in any state. */
export const ANY_STATE = 'any_state';

/** Mermaid ids are identifiers: the state's path joined by underscores. */
export function mermaidId(chart: Chart, stateId: string): string {
  if (stateId === chart.root.id) return ANY_STATE;
  const s = chart.states.find((x) => x.id === stateId);
  const path = s && s.path.length ? s.path.join('__') : chart.id;
  return path.replace(/[^A-Za-z0-9_]/g, '_');
}

/** Characters Mermaid reads as syntax inside a label, written as its entity codes. */
export function mermaidText(text: string): string {
  return text.replace(/[;#]/g, (c) => `#${c.charCodeAt(0)};`);
}

/** `EVENT [guard] / action1, action2`: the actions are part of the picture, so a changed action makes the diagram stale. */
export function edgeLabel(t: ChartTransition): string {
  const base = t.reenter && t.targets.includes(t.source) ? `${t.label} (re-enter)` : t.label;
  const actions = t.actions.filter((a) => !a.startsWith('xstate.'));
  return actions.length ? `${base} / ${actions.join(', ')}` : base;
}

/** The lines a state box carries under its name: invoked actors, entry/exit actions, tags. */
export function stateNotes(s: ChartState): string[] {
  return [
    ...s.invokes.map((i) => `invoke ${i.src}`),
    ...(s.entry.length ? [`entry / ${s.entry.join(', ')}`] : []),
    ...(s.exit.length ? [`exit / ${s.exit.join(', ')}`] : []),
    ...(s.tags.length ? [`tags ${s.tags.join(', ')}`] : []),
  ];
}

export function toMermaid(chart: Chart): string {
  const lines: string[] = ['stateDiagram-v2'];
  const byParent = new Map<string | undefined, ChartState[]>();
  for (const s of chart.states) byParent.set(s.parent, [...(byParent.get(s.parent) ?? []), s]);
  const bySourceParent = new Map<string | undefined, ChartTransition[]>();
  for (const t of chart.transitions) {
    const parent = chart.states.find((s) => s.id === t.source)?.parent;
    bySourceParent.set(parent, [...(bySourceParent.get(parent) ?? []), t]);
  }

  const block = (parent: ChartState, indent: string) => {
    const children = byParent.get(parent.id) ?? [];
    if (parent.type === 'parallel') {
      children.forEach((region, i) => {
        if (i > 0) lines.push(`${indent}--`);
        declare(region, indent);
      });
    } else {
      if (parent.initial) lines.push(`${indent}[*] --> ${mermaidId(chart, parent.initial)}`);
      for (const child of children) declare(child, indent);
    }
    for (const t of bySourceParent.get(parent.id) ?? []) {
      const from = mermaidId(chart, t.source);
      const targets = t.targets.length ? t.targets : [t.source];
      for (const to of targets) lines.push(`${indent}${from} --> ${mermaidId(chart, to)} : ${mermaidText(edgeLabel(t))}`);
    }
  };

  const declare = (s: ChartState, indent: string) => {
    const id = mermaidId(chart, s.id);
    if (id !== s.key) lines.push(`${indent}state "${mermaidText(s.key)}" as ${id}`);
    for (const note of stateNotes(s)) lines.push(`${indent}${id} : ${mermaidText(note)}`);
    if (s.type === 'compound' || s.type === 'parallel') {
      lines.push(`${indent}state ${id} {`);
      block(s, `${indent}  `);
      lines.push(`${indent}}`);
    } else if (s.type === 'final') {
      lines.push(`${indent}${id} --> [*]`);
    } else if (s.type === 'history') {
      lines.push(`${indent}${id} : history`);
    }
  };

  const root = chart.root;
  if (stateNotes(root).length || bySourceParent.has(undefined)) {
    lines.push(`  state "any state" as ${ANY_STATE}`);
    for (const note of stateNotes(root)) lines.push(`  ${ANY_STATE} : ${mermaidText(note)}`);
  }
  block(root, '  ');
  for (const t of bySourceParent.get(undefined) ?? []) {
    for (const to of t.targets.length ? t.targets : [t.source]) lines.push(`  ${ANY_STATE} --> ${mermaidId(chart, to)} : ${mermaidText(edgeLabel(t))}`);
  }
  return `${lines.join('\n')}\n`;
}
