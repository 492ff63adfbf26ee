import { assign, fromPromise, setup } from 'xstate';

/**
 * A file of the build's generated diagrams (docs/diagrams, shipped as ./diagrams): the index the
 * #/diagrams page lists, or one machine's SVG that page and the inspector draw. Loading, ready or
 * failed; a failure can be retried, and a new source (another machine chosen, another actor
 * inspected) is loaded at once, an answer for the old one dropped.
 */
export interface DiagramFileContext<T = unknown> {
  source: string;
  content: T | null;
}

export type DiagramFileEvent = { type: 'SOURCE.CHANGE'; source: string } | { type: 'FILE.RETRY' };

export const diagramFileMachine = setup({
  types: { context: {} as DiagramFileContext, events: {} as DiagramFileEvent, input: {} as { source: string } },
  actors: {
    loadFile: fromPromise<unknown, { source: string }>(async () => {
      throw new Error('loadFile not provided');
    }),
  },
  guards: {
    isOtherSource: ({ context, event }) => event.type === 'SOURCE.CHANGE' && event.source !== context.source,
  },
  actions: {
    keepSource: assign({ source: ({ context, event }) => (event.type === 'SOURCE.CHANGE' ? event.source : context.source) }),
    keepContent: assign({ content: ({ event }) => (event as unknown as { output: unknown }).output }),
  },
}).createMachine({
  id: 'diagramFile',
  context: ({ input }) => ({ source: input.source, content: null }),
  initial: 'loading',
  on: {
    // Re-entered: the answer for the old source is dropped.
    'SOURCE.CHANGE': { guard: 'isOtherSource', target: '.loading', reenter: true, actions: 'keepSource' },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadFile',
        input: ({ context }) => ({ source: context.source }),
        onDone: { target: 'ready', actions: 'keepContent' },
        onError: { target: 'failed' },
      },
    },
    ready: {},
    failed: {
      on: { 'FILE.RETRY': 'loading' },
    },
  },
});
