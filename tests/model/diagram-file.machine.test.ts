import { expect } from '@jest/globals';
import { diagramFileMachine } from '../../src/machines/diagram-file.machine';
import { connectDiagramFile } from '../../src/machines/diagram-file.connect';
import { describeModel } from './support/model';

type Snapshot = ReturnType<typeof diagramFileMachine.getInitialSnapshot>;
const view = (s: Snapshot) => connectDiagramFile<string>(s, () => undefined);
const FILE = '<svg>loginPage</svg>';

/**
 * A file of the diagrams folder: loaded for its source, again for another source (not for the
 * same), a failure retried; the content is shown only while ready.
 */
describeModel(diagramFileMachine, {
  input: { source: 'loginPage' },
  events: { 'SOURCE.CHANGE': [{ source: 'shell' }, { source: 'loginPage' }], 'FILE.RETRY': [{}] },
  actors: { loadFile: { outputs: [FILE], errors: [new Error('404')] } },
  serializeState: ((s: Snapshot) => JSON.stringify([s.value, s.context.source, s.context.content !== null])) as never,
  onState: (s) => {
    const api = view(s);
    expect(api.getRootProps()).toEqual({ 'data-part': 'diagram-file', 'data-state': api.state, 'aria-busy': s.matches('loading') });
    expect(api.getRetryProps()).toMatchObject({ 'data-part': 'retry', hidden: !s.matches('failed') });
    expect(api.busy).toBe(s.matches('loading'));
    expect(api.content).toBe(s.matches('ready') ? FILE : null);
  },
  states: {
    loading: (s, _step, run) => {
      // Asked for the source chosen now.
      expect(run.inputs.loadFile?.at(-1)).toEqual({ source: s.context.source });
    },
    ready: (s) => {
      expect(view(s).content).toBe(FILE);
    },
    failed: (s) => {
      expect([view(s).content, view(s).getRetryProps().hidden]).toEqual([null, false]);
    },
  },
});
