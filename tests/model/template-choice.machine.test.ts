import { expect } from '@jest/globals';
import { templateChoiceMachine, type TemplateOption } from '../../src/machines/template-choice.machine';
import { connectTemplateChoice } from '../../src/machines/template-choice.connect';
import { describeModel } from './support/model';

type Snapshot = ReturnType<typeof templateChoiceMachine.getInitialSnapshot>;
const view = (s: Snapshot) => connectTemplateChoice(s, () => undefined);

const loan: TemplateOption = { code: 'loan', name: '贷款申请' };
const trip: TemplateOption = { code: 'trip', name: '出差申请' };
const offline = new Error('网络不可用');

/**
 * Issue 11 point 7: the dynamic-form page's template picker. The enabled templates are asked
 * for in the reader's language; a failed list says so with a retry (never "no templates"); only
 * an offered template can be chosen, and "new form" waits for one; a change of language asks
 * again and keeps a choice still offered.
 */
describeModel(templateChoiceMachine, {
  input: { lang: 'zh-CN' },
  serializeState: ((s: Snapshot) => JSON.stringify([s.value, s.context.lang, s.context.templates.map((x) => x.code), s.context.code, s.context.failure])) as never,
  events: {
    'TEMPLATE.CHOOSE': [{ code: 'loan' }, { code: 'gone' }, { code: '' }],
    'LANG.CHANGE': [{ lang: 'en-US' }, { lang: 'zh-CN' }],
    RETRY: [{}],
  },
  actors: { loadTemplates: { outputs: [[loan, trip], [trip], []], errors: [offline] } },
  onState: (snapshot) => {
    const api = view(snapshot);
    // "New form" is live only for a template the current list offers.
    const live = !api.getNewProps(() => undefined).disabled;
    expect(live).toBe(api.state === 'ready' && api.options.some((x) => x.code === api.code));
    expect(api.getRootProps()['data-state']).toBe(api.state);
  },
  states: {
    loading: (snapshot, _step, run) => {
      const api = view(snapshot);
      expect([api.state, api.placeholder, api.getSelectProps().disabled, api.options]).toEqual(['loading', 'dynamic.page.loadingTemplates', true, []]);
      // Asked in the language shown.
      expect(run.inputs.loadTemplates?.at(-1)).toEqual({ lang: snapshot.context.lang });
    },
    ready: (snapshot, step) => {
      const api = view(snapshot);
      // An empty list is said in the select, which then has nothing to offer.
      expect(api.getSelectProps().disabled).toBe(api.options.length === 0);
      expect(api.placeholder).toBe(api.options.length ? 'dynamic.page.chooseTemplate' : 'dynamic.page.noTemplates');
      // A code the list does not offer is never the choice.
      if (api.code) expect(api.options.map((x) => x.code)).toContain(api.code);
      expect(api.getSelectProps().value).toBe(api.code);
      if (step.event.type === 'TEMPLATE.CHOOSE') {
        const asked = (step.event as unknown as { code: string }).code;
        expect(api.code === asked).toBe(asked === '' || api.options.some((x) => x.code === asked));
      }
    },
    failed: (snapshot) => {
      const api = view(snapshot);
      // Failed is not "no templates": it says so, with a retry.
      expect([api.state, api.failed, api.failure, api.placeholder, api.getSelectProps().disabled, api.getRetryProps()['data-part']]).toEqual(['failed', true, offline.message, 'dynamic.page.templatesFailed', true, 'retry']);
    },
  },
});
