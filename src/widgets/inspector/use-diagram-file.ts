import { useEffect, useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { diagramFileMachine } from '../../machines/diagram-file.machine';
import { connectDiagramFile } from '../../machines/diagram-file.connect';

/** Where the build puts the generated diagrams (rspack.config.ts copies docs/diagrams there). */
export const DIAGRAMS_BASE = './diagrams';

/** A file of the diagrams folder as text or JSON; an answer other than 200 is a failure. */
export async function fetchDiagramFile(name: string, as: 'text' | 'json'): Promise<unknown> {
  const res = await fetch(`${DIAGRAMS_BASE}/${name}`, { cache: 'no-cache' });
  if (!res.ok) throw new Error(String(res.status));
  return as === 'json' ? res.json() : res.text();
}

/**
 * One file of the diagrams folder through diagram-file.machine.ts: `load` turns a source into
 * what the view shows (it throws for a file that cannot be shown). A new source loads at once.
 */
export function useDiagramFile<T>(source: string, load: (source: string) => Promise<T>) {
  // `load` is taken once: the machine's actor is fixed when it starts.
  const machine = useMemo(() => diagramFileMachine.provide({ actors: { loadFile: fromPromise<unknown, { source: string }>(({ input }) => load(input.source)) } }), []);
  // Not inspected: the inspector draws its diagrams with this, and would list its own loader
  // among the app's actors, redrawing itself with each of its steps.
  const [snapshot, send] = useMachine(machine, { input: { source } });
  useEffect(() => send({ type: 'SOURCE.CHANGE', source }), [source, send]);
  return connectDiagramFile<T>(snapshot, send);
}
