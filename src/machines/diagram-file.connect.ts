import type { SnapshotFrom } from 'xstate';
import type { DiagramFileEvent, diagramFileMachine } from './diagram-file.machine';

type Snapshot = SnapshotFrom<typeof diagramFileMachine>;

export type DiagramFileState = 'loading' | 'ready' | 'failed';

/** A diagram file as a view needs it (Zag.js style): its content once it came, and the parts' props. */
export function connectDiagramFile<T>(snapshot: Snapshot, send: (event: DiagramFileEvent) => void) {
  const state = snapshot.value as DiagramFileState;
  return {
    state,
    busy: snapshot.hasTag('busy'),
    /** The file of the current source, when it has come (ready). */
    content: state === 'ready' ? (snapshot.context.content as T) : null,
    getRootProps: () => ({ 'data-part': 'diagram-file', 'data-state': state, 'aria-busy': state === 'loading' }),
    getRetryProps: () => ({ 'data-part': 'retry', hidden: state !== 'failed', onClick: () => send({ type: 'FILE.RETRY' }) }),
  };
}
