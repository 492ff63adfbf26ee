import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import { edgeLabel, stateNotes } from './mermaid';
import type { Chart, ChartState } from './statechart';

/**
 * A chart drawn as SVG without a browser: elkjs lays out the states (compound and parallel
 * ones as nested boxes) and the arrows with their labels; this file only writes the shapes.
 * Text is set in a monospace face so its width is known without measuring. Each state is a
 * `<g data-state-id>` and each arrow a `<g data-transition-ids>`, which the app uses to
 * highlight the active states. Output is deterministic: same machine, same bytes.
 */

const FONT = 12;
/** Width of one character of the monospace face at FONT px (0.6 em); CJK characters take a full em. */
const CHAR = FONT * 0.6;
const LINE = 16;
const PAD = 10;
const HEADER = 28;
const INITIAL = 12;

export function textWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += /[\u2e80-\u9fff\uff00-\uffef]/.test(ch) ? FONT : CHAR;
  return Math.ceil(w);
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const n = (x: number) => (Math.round(x * 10) / 10).toString();

const notes = (s: ChartState): string[] => stateNotes(s);

const ANY = '__any';
const INIT = '__initial';

export async function toSvg(chart: Chart): Promise<string> {
  const root = chart.root;
  const byId = new Map(chart.states.map((s) => [s.id, s]));
  const anyId = `${root.id}.${ANY}`;
  const hasAny = chart.transitions.some((t) => t.source === root.id) || stateNotes(root).length > 0;

  const nodes = new Map<string, ElkNode>();
  const build = (s: ChartState): ElkNode => {
    const lines = notes(s);
    const kids = s.children.map((id) => build(byId.get(id)!));
    let node: ElkNode;
    if (kids.length) {
      if (s.initial) kids.unshift({ id: `${s.id}.${INIT}`, width: INITIAL, height: INITIAL });
      const header = HEADER + lines.length * LINE;
      node = {
        id: s.id,
        children: kids,
        edges: [],
        layoutOptions: {
          'elk.padding': `[top=${header},left=${PAD},bottom=${PAD},right=${PAD}]`,
          'elk.nodeSize.constraints': 'MINIMUM_SIZE',
          'elk.nodeSize.minimum': `(${textWidth([s.key, ...lines].reduce((a, b) => (a.length > b.length ? a : b))) + 2 * PAD}, ${header + PAD})`,
          ...(s.type === 'parallel' ? { 'elk.direction': 'RIGHT' } : {}),
        },
      };
    } else {
      const width = Math.max(...[s.key, ...lines].map(textWidth)) + 2 * PAD;
      node = { id: s.id, width: Math.max(width, 60), height: 28 + lines.length * LINE };
    }
    nodes.set(s.id, node);
    return node;
  };

  const top = root.children.map((id) => build(byId.get(id)!));
  if (root.initial) top.unshift({ id: `${root.id}.${INIT}`, width: INITIAL, height: INITIAL });
  if (hasAny) {
    const lines = ['any state', ...notes(root)];
    top.push({ id: anyId, width: Math.max(...lines.map(textWidth)) + 2 * PAD, height: 28 + (lines.length - 1) * LINE });
  }
  const graph: ElkNode = {
    id: root.id,
    children: top,
    edges: [],
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
      'elk.padding': '[top=16,left=16,bottom=16,right=16]',
      'elk.spacing.nodeNode': '28',
      'elk.layered.spacing.nodeNodeBetweenLayers': '36',
      'elk.spacing.edgeLabel': '4',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
      'elk.randomSeed': '1',
    },
  };
  nodes.set(root.id, graph);

  const ancestors = (id: string): string[] => {
    const out: string[] = [];
    for (let p = byId.get(id)?.parent; p; p = byId.get(p)?.parent) out.push(p);
    return out;
  };
  const container = (a: string, b: string) => {
    const up = ancestors(b);
    return ancestors(a).find((x) => up.includes(x)) ?? root.id;
  };
  const addEdge = (edge: ElkExtendedEdge, a: string, b: string) => nodes.get(container(a, b))!.edges!.push(edge);

  for (const s of [root, ...chart.states.filter((x) => x.initial && x.id !== root.id)]) {
    if (s.initial) addEdge({ id: `${s.id}.${INIT}->`, sources: [`${s.id}.${INIT}`], targets: [s.initial] }, s.initial, s.initial);
  }
  // Arrows between the same two states share one edge with a label line per transition: an
  // auditor reads "idle → saving on A, B or C" at a glance instead of three parallel arrows.
  const grouped = new Map<string, { from: string; to: string; container: [string, string]; indexes: number[] }>();
  chart.transitions.forEach((t, i) => {
    const from = t.source === root.id ? anyId : t.source;
    for (const target of t.targets.length ? t.targets : [t.source]) {
      const to = target === root.id ? anyId : target;
      const key = `${from}\u0000${to}`;
      const g = grouped.get(key) ?? { from, to, container: [t.source, target] as [string, string], indexes: [] };
      g.indexes.push(i);
      grouped.set(key, g);
    }
  });
  [...grouped.values()].forEach((g, k) => {
    const lines = g.indexes.map((i) => edgeLabel(chart.transitions[i]!));
    addEdge(
      { id: `t${k}:${g.indexes.join(',')}`, sources: [g.from], targets: [g.to], labels: [{ id: `t${k}.label`, text: lines.join('\n'), width: Math.max(...lines.map(textWidth)) + 4, height: lines.length * LINE }] },
      g.container[0],
      g.container[1],
    );
  });

  const laid = await new ELK().layout(graph);
  return draw(chart, laid);
}

function draw(chart: Chart, laid: ElkNode): string {
  const out: string[] = [];
  const width = Math.ceil(laid.width ?? 0);
  const height = Math.ceil(laid.height ?? 0);
  const byId = new Map(chart.states.map((s) => [s.id, s]));
  const marker = `arrow-${chart.id.replace(/\W/g, '_')}`;
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${esc(chart.id)}" data-machine="${esc(chart.id)}" font-family="ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace" font-size="${FONT}">`,
    `<title>${esc(chart.id)}</title>`,
    '<style>',
    // The layout assumes monospace widths; a page's own font rules (inline SVG in the app)
    // must not swap the face, so the face is set on the text itself, not only inherited.
    `text{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,'Liberation Mono','DejaVu Sans Mono',monospace;font-size:${FONT}px}`,
    '.state>rect{fill:#fff;stroke:#475569;stroke-width:1.2}',
    '.state.compound>rect{fill:#f8fafc}',
    '.state.parallel>rect{fill:#f1f5f9;stroke-dasharray:6 3}',
    '.state.any>rect{fill:#fff;stroke-dasharray:3 3}',
    '.state .name{font-weight:600;fill:#0f172a}',
    '.state .note{fill:#64748b}',
    '.state.active>rect{fill:#fef3c7;stroke:#b45309;stroke-width:2.5}',
    '.transition path{fill:none;stroke:#64748b;stroke-width:1.2}',
    '.transition text{fill:#334155}',
    '.initial{fill:#0f172a}',
    '</style>',
    `<defs><marker id="${marker}" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="#64748b"/></marker></defs>`,
  );

  const drawNode = (node: ElkNode) => {
    const x = node.x ?? 0;
    const y = node.y ?? 0;
    const w = node.width ?? 0;
    const h = node.height ?? 0;
    if (node.id.endsWith(`.${INIT}`)) {
      out.push(`<circle class="initial" cx="${n(x + w / 2)}" cy="${n(y + h / 2)}" r="${n(w / 2)}"/>`);
      return;
    }
    const s = byId.get(node.id);
    if (node.id.endsWith(`.${ANY}`) && !s) {
      const root = chart.root;
      out.push(`<g class="state any" data-state-id="${esc(root.id)}"><rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="6"/>`);
      out.push(`<text class="name" x="${n(x + PAD)}" y="${n(y + 18)}">any state</text>`);
      notes(root).forEach((line, i) => out.push(`<text class="note" x="${n(x + PAD)}" y="${n(y + 18 + (i + 1) * LINE)}">${esc(line)}</text>`));
      out.push('</g>');
      return;
    }
    if (!s) return;
    const kind = s.type === 'parallel' ? 'compound parallel' : s.type;
    out.push(`<g class="state ${kind}" data-state-id="${esc(s.id)}"><rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="6"/>`);
    if (s.type === 'final') out.push(`<rect x="${n(x + 3)}" y="${n(y + 3)}" width="${n(w - 6)}" height="${n(h - 6)}" rx="4" fill="none" stroke="#475569"/>`);
    out.push(`<text class="name" x="${n(x + PAD)}" y="${n(y + 18)}">${esc(s.key)}</text>`);
    notes(s).forEach((line, i) => out.push(`<text class="note" x="${n(x + PAD)}" y="${n(y + 18 + (i + 1) * LINE)}">${esc(line)}</text>`));
    out.push('</g>');
    for (const child of node.children ?? []) drawNode(child);
  };
  for (const child of laid.children ?? []) drawNode(child);

  const edges: ElkExtendedEdge[] = [];
  const collect = (node: ElkNode) => {
    edges.push(...(node.edges ?? []));
    for (const c of node.children ?? []) collect(c);
  };
  collect(laid);
  edges.sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }));
  for (const e of edges) {
    const m = /^t\d+:([\d,]+)$/.exec(e.id);
    const ids = m ? m[1]!.split(',').map((i) => chart.transitions[Number(i)]!.id) : [];
    const d = (e.sections ?? [])
      .map((sec) => [sec.startPoint, ...(sec.bendPoints ?? []), sec.endPoint].map((p, i) => `${i ? 'L' : 'M'}${n(p.x)},${n(p.y)}`).join(''))
      .join('');
    out.push(`<g class="transition"${ids.length ? ` data-transition-ids="${esc(ids.join('\n'))}"` : ''}><path d="${d}" marker-end="url(#${marker})"/>`);
    for (const l of e.labels ?? []) {
      (l.text ?? '').split('\n').forEach((line, i) => out.push(`<text x="${n((l.x ?? 0) + 2)}" y="${n((l.y ?? 0) + 12 + i * LINE)}">${esc(line)}</text>`));
    }
    out.push('</g>');
  }
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
