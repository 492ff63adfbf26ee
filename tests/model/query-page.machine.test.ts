import { describe, expect, it } from '@jest/globals';
import { createActor, fromPromise } from 'xstate';
import { queryPageMachine, formProblems, savedFormData, saveProblemOf, type LoadedOrder, type QueryPageEmitted, type QueryPageInput, type SaveQueryBody } from '../../src/machines/query-page.machine';
import { connectQueryPage } from '../../src/machines/query-page.connect';
import { SAVED_QUERY_DEFAULT, SAVED_QUERY_MAX_DEFAULT, SAVED_QUERY_NOT_DEFAULT } from '../../src/shared/constants';
import type { SavedQuery } from '../../src/shared/contract';
import { toParams, type QueryField } from '../../src/shared/query-rules';
import { describeModel, type Run } from './support/model';

type Snapshot = ReturnType<typeof queryPageMachine.getInitialSnapshot>;
const view = (s: unknown) => connectQueryPage(s as Snapshot, () => undefined);

const code = 'currency';
const today = '2026-03-05';
const fields: QueryField[] = [
  { name: 'code', label: '代码', type: 'text', max: 3, required: true },
  { name: 'amount', label: '金额', type: 'decimal', min: 0, max: 100 },
  { name: 'day', label: '日期', type: 'date' },
  { name: 'kind', label: '类型', type: 'dict', dict: 'Kind' },
];
const input: QueryPageInput = { code, fields, admin: true, today };

// The saved searches: A is the default and valid; B's amount is past the field's maximum.
const A: SavedQuery = { id: 1, code, name: '常用', defaultFlag: SAVED_QUERY_DEFAULT, formData: { kind: 'B', amount: 5 } };
const B: SavedQuery = { id: 2, code, name: '大额', defaultFlag: SAVED_QUERY_NOT_DEFAULT, formData: { code: 'EUR', amount: 500 } };
const listed = [A, B];
// What the server answers once the page holds its maximum.
const full: SavedQuery[] = [A, B, ...Array.from({ length: SAVED_QUERY_MAX_DEFAULT - 2 }, (_, i) => ({ id: 10 + i, code, name: `q${i}`, defaultFlag: SAVED_QUERY_NOT_DEFAULT, formData: { code: 'X' } }) as SavedQuery)];
const afterDelete = [A];
// The user's order names the extended field too: it fits only when the extended fields parsed.
const customOrder = ['kind', 'note', 'code', 'amount', 'day'];
const hiddenParams = [
  { prop: 'day', showOrHide: false, defaultVal: '{"value":"$now"}', required: 1 },
  { prop: 'kind', showOrHide: true, defaultVal: '{"kind":"A"}', required: 1 },
  { prop: 'code', showOrHide: true, defaultVal: '', required: 3 },
];
const order: LoadedOrder = { customOrder, hiddenParams };
const extended = JSON.stringify({ template: [{ name: 'note', text: '备注', type: 'text', max: 20 }] });
const junk = '{"template": [';
const refused = new Error('查询条件不存在');

/** The walk goes deep only in the page whose loads all succeeded; the others are checked once started. */
const main = (s: Snapshot) => s.context.fields.length === 5 && s.context.hidden.length > 0 && s.context.saved.length > 0;
const at = (s: Snapshot, value: string) => s.matches(value as never);
const untouched = (s: Snapshot) => s.context.values.amount === '5' && s.context.values.kind === 'B';
/** The page as it started, nothing done yet: where every branch of the walk begins. */
const home = (s: Snapshot) =>
  main(s) && at(s, 'idle') && untouched(s) && s.context.saved.length === 2 && s.context.saved[0]!.defaultFlag === SAVED_QUERY_DEFAULT && s.context.error === null && s.context.order.join() === customOrder.join() && JSON.stringify(s.context.hidden) === JSON.stringify(hiddenParams) && s.context.fields[0]!.label === '代码';

const serializeState = (s: Snapshot) =>
  JSON.stringify([
    s.value,
    s.context.fields.length,
    s.context.savedOrder,
    s.context.hidden,
    s.context.saved.map((q) => `${q.id}:${q.defaultFlag}`),
    s.context.order,
    s.context.values,
    Object.keys(s.context.problems),
    s.context.lastQuery === null,
    s.context.saveName,
    s.context.saveProblem,
    s.context.error,
    s.context.orderDraft,
    s.context.hiddenDraft,
    s.context.hiddenProblems,
  ]);

const when = (ok: (s: Snapshot) => boolean, payloads: Array<Record<string, unknown>>) => (s: Snapshot) => (ok(s) ? payloads : []);
const queries: QueryPageEmitted[] = [];
const lastInput = <T>(run: Run, src: string) => run.inputs[src]?.at(-1) as T | undefined;
/** The snapshot before the step being checked (onState runs after the per-state checks). */
let previous: Snapshot | null = null;

describeModel(queryPageMachine, {
  serializeState: serializeState as never,
  input,
  provide: { actions: { emitQuery: ({ context }: { context: Snapshot['context'] }) => void queries.push({ type: 'query', params: context.lastQuery!.params, reason: context.lastQuery!.reason }) } },
  events: {
    'FIELD.CHANGE': ((s: Snapshot) => {
      if (home(s)) return [{ field: 'amount', value: 'abc' }];
      if (!main(s) || !at(s, 'idle') || s.context.saved.length !== 2) return [];
      if (s.context.values.amount === 'abc' && s.context.checked) return [{ field: 'amount', value: '7' }];
      return [];
    }) as never,
    'QUERY.SEARCH': when((s) => home(s) || (main(s) && s.context.values.amount === 'abc' && !s.context.checked && s.context.saveName === ''), [{}]) as never,
    'QUERY.RESET': when(home, [{}]) as never,
    'QUERY.RELOAD': when(home, [{}]) as never,
    'SAVED.APPLY': when(home, [{ id: 2 }, { id: 99 }]) as never,
    'SAVED.OPEN': when((s) => home(s) || (main(s) && s.context.values.amount === 'abc' && !s.context.checked) || (main(s) && s.context.saved.length === SAVED_QUERY_MAX_DEFAULT), [{}]) as never,
    'SAVED.NAME': when((s) => s.context.saveName === '', [{ value: '我的查询条件啊' }, { value: ' 人民币 ' }]) as never,
    'SAVED.DEFAULT': when((s) => s.context.saveName === ' 人民币 ' && !s.context.saveDefault, [{ value: true }]) as never,
    'SAVED.SUBMIT': [{}],
    'SAVED.CANCEL': [{}],
    'SAVED.DELETE': when(home, [{ id: 2 }]) as never,
    'SAVED.TOGGLE_DEFAULT': when(home, [{ id: 1 }, { id: 2 }]) as never,
    'ORDER.OPEN': when(home, [{}]) as never,
    'ORDER.MOVE': when((s) => s.context.orderDraft[0] === 'kind' && s.context.orderDraft.join() === s.context.order.join(), [{ name: 'kind', by: -1 }, { name: 'code', by: -1 }]) as never,
    'ORDER.RESET': when((s) => s.context.orderDraft[0] !== 'code' && s.context.error === null, [{}]) as never,
    'ORDER.SAVE': when((s) => s.context.orderDraft[0] !== 'kind', [{}]) as never,
    'ORDER.CANCEL': [{}],
    'HIDDEN.OPEN': when(home, [{}]) as never,
    'HIDDEN.EDIT': when((s) => s.context.hiddenDraft.kind?.defaultVal === '{"kind":"A"}' && s.context.hiddenDraft.day?.showOrHide === false, [{ prop: 'kind', patch: { defaultVal: '[1]' } }, { prop: 'day', patch: { showOrHide: true, required: 2 } }]) as never,
    'HIDDEN.SAVE': ((s: Snapshot) => (at(s, 'hiddenDialog.editing') && s.context.hiddenTarget === null ? [{ prop: 'kind' }, { prop: 'day' }] : at(s, 'hiddenDialog.editing') ? [] : [{ prop: 'kind' }])) as never,
    'HIDDEN.CLOSE': [{}],
    'FIELDS.LABEL': when(home, [{ labels: { code: 'Code' } }]) as never,
  },
  actors: {
    loadSaved: { outputs: [listed], errors: [new Error('network down')] },
    loadOrder: { outputs: [order], errors: [new Error('network down')] },
    loadExtended: { outputs: [extended, junk], errors: [new Error('no such page')] },
    saveQuery: { outputs: [full], errors: [new Error('已有名为“人民币”的查询条件')] },
    deleteQuery: { outputs: [afterDelete], errors: [refused] },
    confirmDelete: { outputs: [true, false], errors: [new Error('closed')] },
    saveOrder: { outputs: [null], errors: [new Error('排序保存失败')] },
    saveHidden: { outputs: [null], errors: [new Error('操作失败')] },
  },
  onState: (snapshot, step) => {
    previous = snapshot;
    const api = view(snapshot);
    expect(api.getRootProps()['data-state']).toBe(api.state);
    // Whatever happens, the fields laid out are the page's fields, each once.
    if (!api.starting) expect([...snapshot.context.order].sort()).toEqual(snapshot.context.fields.map((f) => f.name).sort());
    // Hidden fields carry their defaults, never what was typed or saved.
    if (!api.starting && snapshot.context.hidden.some((h) => h.prop === 'day' && !h.showOrHide)) expect([snapshot.context.values.dayFrom, snapshot.context.values.dayTo]).toEqual([today, today]);
    // Staff never see the administrators' trigger; this walk is an administrator's.
    expect(api.getHiddenTriggerProps()).not.toBeNull();
  },
  states: {
    starting: (snapshot, step, run) => {
      const api = view(snapshot);
      expect([api.starting, api.getSearchProps().busy, api.getSearchProps()['aria-disabled'], api.getInputProps('code').disabled]).toEqual([true, true, true, true]);
      // Nothing is asked before everything is ready.
      expect(snapshot.context.lastQuery).toBeNull();
      expect(run.inputs.loadSaved).toEqual([{ code }]);
      expect(run.inputs.loadOrder).toEqual([{ code }]);
      expect(run.inputs.loadExtended).toEqual([{ code }]);
      if (step.event.type.startsWith('xstate.done.actor') && snapshot.matches({ starting: { extended: 'ready' } })) {
        const out = (step.event as unknown as { output?: unknown }).output;
        if (out === extended) expect(snapshot.context.fields.map((f) => f.name)).toEqual(['code', 'amount', 'day', 'kind', 'note']);
      }
      // Widgets §8: extra parameters that do not parse are ignored.
      if (step.event.type.includes('extended') && (step.event as unknown as { output?: unknown }).output !== extended) expect(snapshot.context.fields).toEqual(fields);
    },
    idle: (snapshot, step, run) => {
      const api = view(snapshot);
      const before = previous!;
      expect([api.starting, api.busy, api.getSearchProps().busy, api.getSearchProps()['aria-disabled']]).toEqual([false, false, false, undefined]);
      const started = before.matches('starting');
      const valid = Object.keys(formProblems(snapshot.context)).length === 0;
      if (started) {
        // The start: the saved order only if it names exactly the fields; the default saved search applied.
        const fits = snapshot.context.savedOrder !== null && snapshot.context.fields.length === customOrder.length;
        expect(snapshot.context.order).toEqual(fits ? customOrder : snapshot.context.fields.map((f) => f.name));
        const def = snapshot.context.saved.find((q) => q.defaultFlag === SAVED_QUERY_DEFAULT);
        if (def) expect(toParams(api.fields.map((f) => f.field), snapshot.context.values)).toEqual(def.formData);
        else if (snapshot.context.hidden.length) expect([snapshot.context.values.kind, snapshot.context.values.dayFrom]).toEqual(['A', today]);
        else expect(snapshot.context.values).toEqual({});
        // Then a query with the reason init, only when the form is valid.
        if (valid) expect([snapshot.context.lastQuery?.reason, queries.at(-1)?.reason, queries.at(-1)?.params]).toEqual(['init', 'init', toParams(snapshot.context.fields, snapshot.context.values)]);
        else expect([snapshot.context.lastQuery, api.getFormProps()['data-state'], api.problem('code')?.key]).toEqual([null, 'invalid', 'query.rule.required']);
        expect(run.inputs.saveQuery).toBeUndefined();
      }
      const reasons: Record<string, string> = { 'QUERY.SEARCH': 'search', 'QUERY.RESET': 'reset', 'SAVED.APPLY': 'saved' };
      const reason = reasons[step.event.type];
      if (reason && before.matches('idle') && snapshot.context.lastQuery !== before.context.lastQuery) {
        // A query went out: its reason, and the form's values typed.
        expect(valid).toBe(true);
        expect(snapshot.context.lastQuery).toMatchObject({ reason, params: toParams(snapshot.context.fields, snapshot.context.values) });
        expect(queries.at(-1)).toEqual({ type: 'query', reason, params: snapshot.context.lastQuery!.params });
      } else if (reason && (step.event as { id?: number }).id !== 99) {
        // Not valid: nothing went out, the problems show.
        expect(valid).toBe(false);
        expect(snapshot.context.lastQuery).toBe(before.context.lastQuery);
        expect(api.getFormProps()['data-state']).toBe('invalid');
      }
      switch (step.event.type) {
        case 'QUERY.RESET':
          expect(snapshot.context.values).toEqual({ kind: 'A', dayFrom: today, dayTo: today });
          break;
        case 'SAVED.APPLY':
          if ((step.event as { id?: number }).id === 2) {
            expect(toParams(api.fields.map((f) => f.field), snapshot.context.values)).toEqual(B.formData);
            expect(api.problem('amount')).toEqual({ key: 'query.rule.max', params: { max: 100 } });
          } else expect(snapshot.context.values).toEqual(before.context.values);
          break;
        case 'QUERY.RELOAD':
          expect(snapshot.context.lastQuery).toMatchObject({ reason: 'reload', params: before.context.lastQuery!.params });
          expect(queries.at(-1)).toMatchObject({ reason: 'reload' });
          break;
        case 'FIELD.CHANGE': {
          const { field, value } = step.event as unknown as { field: string; value: string };
          expect(api.getInputProps(field).value).toBe(value);
          // Once a check failed, the problems follow what is typed.
          if (before.context.checked) expect(api.problem('amount')).toBeNull();
          break;
        }
        case 'FIELDS.LABEL':
          expect(api.fields.find((f) => f.field.name === 'code')?.field.label).toBe('Code');
          break;
        case 'SAVED.CANCEL':
          expect(api.saveDialog.open).toBe(false);
          break;
        case 'ORDER.CANCEL':
          expect(snapshot.context.order).toEqual(before.context.order);
          break;
        case 'HIDDEN.CLOSE':
          expect(api.hidden.open).toBe(false);
          break;
        default:
          break;
      }
      const out = (step.event as unknown as { output?: unknown }).output;
      if (step.event.type.startsWith('xstate.done.actor')) {
        if (before.matches({ saveDialog: 'saving' })) {
          expect(api.saved).toEqual(full);
          expect(lastInput<SaveQueryBody>(run, 'saveQuery')).toEqual({ code, operationType: 1, name: '人民币', defaultFlag: before.context.saveDefault ? 1 : 2, formData: savedFormData(before.context) });
        }
        if (before.matches('deleting')) expect([api.saved, lastInput(run, 'deleteQuery')]).toEqual([afterDelete, { code, id: 2 }]);
        if (before.matches('togglingDefault')) expect(api.saved).toEqual(out);
        if (before.matches('savingOrder')) expect([snapshot.context.order, lastInput(run, 'saveOrder')]).toEqual([before.context.orderDraft, { code, formItemsOrder: before.context.orderDraft }]);
        // The user said no: nothing was deleted.
        if (before.matches('confirmingDelete')) expect([api.saved, run.inputs.deleteQuery]).toEqual([listed, undefined]);
      }
      if (step.event.type.startsWith('xstate.error.actor')) {
        if (before.matches('deleting')) expect([api.saved, api.error]).toEqual([listed, refused.message]);
        // A refused star puts the list back as it was and says why.
        if (before.matches('togglingDefault')) expect([api.saved, api.error]).toEqual([listed, '已有名为“人民币”的查询条件']);
        if (before.matches('confirmingDelete')) expect(api.saved).toEqual(listed);
      }
    },
    'saveDialog.editing': (snapshot, step) => {
      const api = view(snapshot);
      expect([api.saveDialog.open, api.saveDialog.saving, api.getSaveDialogProps().open, api.getSaveSubmitProps()['aria-disabled'], api.getSaveNameProps(64).readOnly]).toEqual([true, false, true, undefined, false]);
      expect(api.getSaveNameProps(64).value).toBe(snapshot.context.saveName);
      if (step.event.type === 'SAVED.OPEN') expect([api.saveDialog.name, api.saveDialog.problem, api.saveDialog.error]).toEqual(['', null, null]);
      if (step.event.type === 'SAVED.SUBMIT') {
        // Refused in the dialog, for the first thing wrong.
        expect(api.saveDialog.problem).toBe(saveProblemOf(snapshot.context));
        expect(api.saveDialog.problem).not.toBeNull();
        if (api.saveDialog.problem === 'formInvalid') expect(api.problem('amount')?.key).toBe('query.rule.number');
        if (api.saveDialog.problem === 'nameTooLong' || api.saveDialog.problem === 'nameRequired') expect(api.getSaveNameProps(64)['aria-invalid']).toBe(true);
      }
      if (step.event.type === 'SAVED.NAME') expect(api.saveDialog.problem).toBeNull();
      if (step.event.type === 'SAVED.DEFAULT') expect(api.getSaveDefaultProps().checked).toBe(true);
      // The server refused: its msg shows in the dialog, the name stays.
      if (step.event.type.startsWith('xstate.error.actor')) expect([api.saveDialog.error, api.saveDialog.name]).toEqual(['已有名为“人民币”的查询条件', ' 人民币 ']);
    },
    'saveDialog.saving': (snapshot, _step, run) => {
      const api = view(snapshot);
      // Busy, not disabled: Save keeps the focus with the spinner, the name is read-only, and no press sends anything.
      const sent: unknown[] = [];
      const live = connectQueryPage(snapshot as Snapshot, (e) => sent.push(e));
      const submit = live.getSaveSubmitProps();
      expect([api.busy, api.saveDialog.saving, submit.busy, submit['aria-disabled'], 'disabled' in submit, live.getSaveCancelProps()['aria-disabled'], live.getSaveNameProps(64).readOnly]).toEqual([true, true, true, true, false, true, true]);
      live.getSaveCancelProps().onClick();
      expect(sent).toEqual([]);
      expect(saveProblemOf(snapshot.context)).toBeNull();
      expect(lastInput<SaveQueryBody>(run, 'saveQuery')).toMatchObject({ operationType: 1, name: snapshot.context.saveName.trim() });
    },
    confirmingDelete: (snapshot, _step, run) => {
      const api = view(snapshot);
      expect([api.getDeleteProps(B)['data-state'], api.getDeleteProps(B)['aria-disabled'], api.getSavedItemProps(B)['aria-disabled']]).toEqual(['busy', true, true]);
      expect(lastInput(run, 'confirmDelete')).toEqual({ name: B.name });
      expect(run.inputs.deleteQuery).toBeUndefined();
    },
    deleting: (snapshot, _step, run) => {
      expect(view(snapshot).busy).toBe(true);
      expect(lastInput(run, 'deleteQuery')).toEqual({ code, id: 2 });
    },
    togglingDefault: (snapshot, step, run) => {
      const api = view(snapshot);
      const id = (step.event as unknown as { id: number }).id;
      const was = listed.find((q) => q.id === id)!.defaultFlag === SAVED_QUERY_DEFAULT;
      // Locally at once: the one clicked is the only default, or (clicked again) none is.
      expect(api.saved.filter((q) => q.defaultFlag === SAVED_QUERY_DEFAULT).map((q) => q.id)).toEqual(was ? [] : [id]);
      expect(lastInput(run, 'saveQuery')).toEqual({ code, operationType: was ? 2 : 3, id });
      // The star pressed waits (aria-disabled, not disabled: it keeps the focus); another press sends nothing.
      const sent: unknown[] = [];
      const star = connectQueryPage(snapshot as Snapshot, (e) => sent.push(e)).getStarProps(listed.find((q) => q.id === id)!);
      expect([star['data-state'], star['aria-disabled'], 'disabled' in star]).toEqual(['busy', true, false]);
      star.onClick();
      expect(sent).toEqual([]);
    },
    ordering: (snapshot, step) => {
      const api = view(snapshot);
      expect([api.order.open, api.getOrderPopoverProps().open, api.getOrderSaveProps()['aria-disabled']]).toEqual([true, true, undefined]);
      const shown = api.order.draft.map((f) => f.name);
      // The hidden field keeps its place; only shown ones are listed and moved.
      expect(shown).not.toContain('day');
      if (step.event.type === 'ORDER.MOVE') expect(snapshot.context.orderDraft.indexOf('day')).toBe(previous!.context.orderDraft.indexOf('day'));
      expect(api.getMoveProps(shown[0]!, -1).disabled).toBe(true);
      if (step.event.type === 'ORDER.MOVE' && (step.event as unknown as { name: string }).name === 'code') expect(shown).toEqual(['kind', 'code', 'note', 'amount']);
      if (step.event.type === 'ORDER.MOVE' && (step.event as unknown as { name: string }).name === 'kind') expect(shown).toEqual(['kind', 'note', 'code', 'amount']);
      if (step.event.type === 'ORDER.RESET') expect(snapshot.context.orderDraft).toEqual(['code', 'amount', 'day', 'kind', 'note']);
      if (step.event.type.startsWith('xstate.error.actor')) expect(api.order.error).toBe('排序保存失败');
      // The form keeps its laid-out order until the draft is saved.
      expect(snapshot.context.order).toEqual(customOrder);
    },
    savingOrder: (snapshot, _step, run) => {
      const api = view(snapshot);
      expect([api.busy, api.order.saving, api.getOrderSaveProps().busy, api.getOrderSaveProps()['aria-disabled']]).toEqual([true, true, true, true]);
      expect(lastInput(run, 'saveOrder')).toEqual({ code, formItemsOrder: snapshot.context.orderDraft });
    },
    'hiddenDialog.editing': (snapshot, step) => {
      const api = view(snapshot);
      expect([api.hidden.open, api.hidden.notice, api.getHiddenDialogProps().open]).toEqual([true, null, true]);
      // One row per field, in the order laid out, each with its saved setting.
      expect(api.hidden.rows.map((r) => r.row.prop)).toEqual(snapshot.context.order);
      if (step.event.type === 'HIDDEN.OPEN') expect(api.hidden.rows.find((r) => r.row.prop === 'note')!.row).toEqual({ prop: 'note', showOrHide: true, defaultVal: '', required: 1, label: '备注' });
      if (step.event.type === 'HIDDEN.SAVE') {
        // Not a JSON object: "请输入正确的JSON格式" on the row, nothing sent.
        expect(api.hiddenProblem('kind')).toBe('query.hidden.badJson');
        expect(api.getHiddenDefaultProps('kind')['aria-invalid']).toBe(true);
      }
    },
    'hiddenDialog.saving': (snapshot, _step, run) => {
      const api = view(snapshot);
      expect([api.hidden.saving, api.busy]).toEqual([true, true]);
      const sent = lastInput<{ code: string; hiddenParams: { prop: string } }>(run, 'saveHidden')!;
      expect(sent.code).toBe(code);
      expect(api.getHiddenSaveProps(sent.hiddenParams.prop)['data-state']).toBe('busy');
      expect([api.getHiddenSaveProps(sent.hiddenParams.prop).busy, api.getHiddenSaveProps(sent.hiddenParams.prop)['aria-disabled']]).toEqual([true, true]);
    },
    'hiddenDialog.saved': (snapshot, _step, run) => {
      const api = view(snapshot);
      expect(api.hidden.notice).toBe('saved');
      // The page uses the saved row at once: the day shown again, now required.
      const sent = lastInput<{ hiddenParams: { prop: string; showOrHide: boolean } }>(run, 'saveHidden')!;
      expect(snapshot.context.hidden.find((h) => h.prop === sent.hiddenParams.prop)).toMatchObject(sent.hiddenParams);
      if (sent.hiddenParams.prop === 'day' && sent.hiddenParams.showOrHide) expect(api.fields.find((f) => f.field.name === 'day')?.required).toBe(true);
    },
    'hiddenDialog.failed': (snapshot) => {
      const api = view(snapshot);
      expect(api.hidden.notice).toBe('failed');
      // Nothing changes on the page.
      expect(snapshot.context.hidden).toEqual(previous!.context.hidden);
    },
  },
});

describe('query page for a staff member', () => {
  const settle = () => new Promise((r) => setTimeout(r, 0));
  it('never opens the hidden-field settings, and has no trigger for them', async () => {
    const actor = createActor(
      queryPageMachine.provide({
        actors: {
          loadSaved: fromPromise(async (): Promise<SavedQuery[]> => []),
          loadOrder: fromPromise(async (): Promise<LoadedOrder> => ({ customOrder: null, hiddenParams: [] })),
          loadExtended: fromPromise(async (): Promise<string | null> => null),
        },
      }),
      { input: { ...input, admin: false } },
    ).start();
    actor.send({ type: 'PAGE.MOUNTED' });
    await settle();
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'HIDDEN.OPEN' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(view(actor.getSnapshot()).getHiddenTriggerProps()).toBeNull();
    actor.stop();
  });

  it('emits each query as an event a view subscribes to', async () => {
    const heard: QueryPageEmitted[] = [];
    const actor = createActor(
      queryPageMachine.provide({
        actors: {
          loadSaved: fromPromise(async (): Promise<SavedQuery[]> => [A]),
          loadOrder: fromPromise(async (): Promise<LoadedOrder> => order),
          loadExtended: fromPromise(async (): Promise<string | null> => extended),
        },
      }),
      { input },
    );
    actor.on('query', (e) => heard.push(e));
    actor.start();
    actor.send({ type: 'PAGE.MOUNTED' });
    await settle();
    actor.send({ type: 'QUERY.RESET' });
    expect(heard).toEqual([
      { type: 'query', reason: 'init', params: { kind: 'B', amount: 5, dayFrom: today, dayTo: today } },
      { type: 'query', reason: 'reset', params: { kind: 'A', dayFrom: today, dayTo: today } },
    ]);
    actor.stop();
  });
});

describe('query page with parameters the hide-button map hides (widgets §6)', () => {
  const settle = () => new Promise((r) => setTimeout(r, 0));
  it('leaves them out of the form and the query, the template’s as well as the page’s own', async () => {
    const heard: QueryPageEmitted[] = [];
    const template = JSON.stringify({ template: [{ name: 'note', text: '备注', type: 'text', max: 20 }, { name: 'memo', text: '摘要', type: 'text', max: 20 }] });
    const actor = createActor(
      queryPageMachine.provide({
        actors: {
          loadSaved: fromPromise(async (): Promise<SavedQuery[]> => []),
          loadOrder: fromPromise(async (): Promise<LoadedOrder> => ({ customOrder: null, hiddenParams: [] })),
          loadExtended: fromPromise(async (): Promise<string | null> => template),
        },
      }),
      { input: { ...input, paramShown: (name) => name !== 'day' && name !== 'note' } },
    );
    actor.on('query', (e) => heard.push(e));
    actor.start();
    actor.send({ type: 'PAGE.MOUNTED' });
    await settle();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(view(actor.getSnapshot()).fields.map((f) => f.field.name)).toEqual(['code', 'amount', 'kind', 'memo']);
    // A value for a hidden parameter has nowhere to come from: the query never carries one.
    actor.send({ type: 'FIELD.CHANGE', field: 'code', value: 'USD' });
    actor.send({ type: 'QUERY.SEARCH' });
    expect(heard.at(-1)).toEqual({ type: 'query', reason: 'search', params: { code: 'USD' } });
    actor.stop();
  });
});
