import { expect } from '@jest/globals';
import { fieldOptionsMachine } from '../../src/machines/field-options.machine';
import { connectFieldOptions } from '../../src/machines/field-options.connect';
import { REMOTE_FILTER_DELAY_MS } from '../../src/shared/constants';
import type { TemplateOption } from '../../src/shared/dynamic-form';
import { describeModel } from './support/model';

type Snapshot = ReturnType<typeof fieldOptionsMachine.getInitialSnapshot>;
const view = (s: Snapshot) => connectFieldOptions(s, () => undefined);

const banks: TemplateOption[] = [
  { value: 'ICBC', text: '工商银行' },
  { value: 'BOC', text: '中国银行' },
];
const one: TemplateOption[] = [{ value: 'BOC', text: '中国银行' }];
const offline = new Error('网络不可用');

/**
 * A dynamic form's choice field (widgets §3 dataType): its options in the reader's language,
 * asked again when the language changes; a remote search asks once typing rests for
 * REMOTE_FILTER_DELAY_MS (a cleared search at once); the options had stay listed while the
 * next load; a failed load says so, lists nothing, and is retried. A field that does not
 * search remotely ignores a search.
 */
describeModel(fieldOptionsMachine, {
  inputs: [
    { lang: 'zh-CN', remote: true },
    { lang: 'zh-CN', remote: false },
  ],
  serializeState: ((s: Snapshot) => JSON.stringify([s.value, s.context.lang, s.context.remote, s.context.search, s.context.options.length, s.context.failure])) as never,
  events: {
    'SEARCH.CHANGE': [{ search: '中国' }, { search: ' ' }],
    'LANG.CHANGE': [{ lang: 'en-US' }, { lang: 'zh-CN' }],
    RETRY: [{}],
  },
  actors: { loadOptions: { outputs: [banks, one], errors: [offline] } },
  onState: (snapshot, step) => {
    const api = view(snapshot);
    expect(api.getRootProps()).toEqual({ 'data-part': 'options', 'data-state': api.state, 'aria-busy': api.state === 'loading' });
    // The search box shows what was typed; a field that does not search remotely never holds one.
    expect(api.getSearchProps().value).toBe(snapshot.context.search);
    if (!snapshot.context.remote) expect(snapshot.context.search).toBe('');
    if (step.event.type === 'SEARCH.CHANGE' && snapshot.context.remote) expect(snapshot.context.search).toBe((step.event as unknown as { search: string }).search);
  },
  states: {
    waiting: (snapshot) => {
      // Typing goes on: nothing is asked yet, and the options had stay listed.
      expect(snapshot.context.remote).toBe(true);
      expect(Object.keys(snapshot.children)).toEqual([]);
      expect(view(snapshot).state).toBe('loading');
    },
    loading: (snapshot, step, run) => {
      // Asked in the language shown, with the search (trimmed) only for a remote search.
      expect(run.inputs.loadOptions?.at(-1)).toEqual({ lang: snapshot.context.lang, search: snapshot.context.remote ? snapshot.context.search.trim() : '' });
      // A search asks after exactly the delay; a cleared one at once.
      if (step.event.type.startsWith('xstate.after')) expect(run.clock.now() % REMOTE_FILTER_DELAY_MS).toBe(0);
      if (step.event.type === 'SEARCH.CHANGE') expect(snapshot.context.search.trim()).toBe('');
      expect(view(snapshot).failed).toBe(false);
    },
    ready: (snapshot) => {
      const api = view(snapshot);
      expect([api.state, api.failed, api.failure]).toEqual(['ready', false, null]);
      expect([banks, one]).toContainEqual(api.options);
    },
    failed: (snapshot) => {
      const api = view(snapshot);
      // Said, with a retry; no options of another search left listed as if current.
      expect([api.state, api.failed, api.failure, api.options, api.getRetryProps()['data-part']]).toEqual(['failed', true, offline.message, [], 'retry']);
    },
  },
});
