import { describe, expect, it } from '@jest/globals';
import { createActor, fromPromise } from 'xstate';
import { LOOKUP_MULTI_SEPARATOR, magnifierMachine, type LookupPage, type LookupRow, type MagnifierInput, type WriteFields } from '../../src/machines/magnifier.machine';
import { connectMagnifier } from '../../src/machines/magnifier.connect';
import { DIALOG_WIDTH, LOOKUP_DEFAULT_PAGE_SIZE } from '../../src/shared/constants';
import { describeModel } from './support/model';

type Snapshot = ReturnType<typeof magnifierMachine.getInitialSnapshot>;

const A: LookupRow = { orgCode: 'A01', orgName: '甲公司' };
const B: LookupRow = { orgCode: 'B02', orgName: '乙公司' };
const C: LookupRow = { orgCode: 'C03', orgName: '丙公司' };
const twoOfTwelve: LookupPage = { rows: [A, B], total: 12 };
const onlyOne: LookupPage = { rows: [C], total: 1 };
const none: LookupPage = { rows: [], total: 0 };
/** Rows went while paging: the page asked for is past the end. */
const pastEnd: LookupPage = { rows: [], total: 3 };
const refused = '查询失败';

const fills = { orgCode: 'orgCode', orgName: 'orgName' };
const initial = { orgCode: 'Z99', orgName: '原机构' };
/** Multi mode's own check, like the budget lookup's: every selected row needs an amount. */
const validate = (selected: LookupRow[]) => Object.fromEntries(selected.filter((r) => !r.amount).map((r) => [String(r.orgCode), 'amount required']));
const single: MagnifierInput = { mode: 'single', fills, valueField: 'orgCode', initial, search: { orgCode: '', orgName: '' }, autoSelect: true };
const multi: MagnifierInput = { mode: 'multi', fills, valueField: 'orgCode', initial, search: { orgCode: '', orgName: '' }, validate };
/** The linked fields when a multi lookup opens: one organisation already chosen. */
const chosen = { orgCode: 'B02', orgName: '乙公司' };

const writes: WriteFields[] = [];
let writesBefore = 0;
let previous: Snapshot | null = null;
const view = (s: Snapshot) => connectMagnifier(s, () => undefined, { values: chosen });
const keys = (rows: LookupRow[]) => rows.map((r) => String(r.orgCode));
const isSingle = (s: Snapshot) => s.context.mode === 'single';

const serializeState = (s: Snapshot) =>
  JSON.stringify([s.value, s.context.mode, s.context.page, s.context.pageSize, keys(s.context.rows), s.context.highlighted?.orgCode ?? null, s.context.selected.map((r) => [r.orgCode, r.amount ?? '']), Object.keys(s.context.problems).length, s.context.error !== null, s.context.search.orgName]);

/**
 * Issue 12 point 1 (widgets §4 "Magnifier (lookup)", §8): opening resets to page 1 and size 10;
 * a pick by double-click or confirm fills the linked fields and closes; clear empties them;
 * reset restores the initial values; auto-select picks page 1's only row; multi mode keeps a
 * selected list (add, remove, edit, checked on confirm); a failed search empties the list, a
 * failed page change keeps the rows, and neither touches the selection or the fields.
 */
describeModel(magnifierMachine, {
  inputs: [single, multi],
  serializeState: serializeState as never,
  // Paging and searching are walked in single mode, the selected list in multi mode: the
  // transitions are the same, and the walk stays finite.
  events: {
    OPEN: [{ values: chosen }],
    CLOSE: [{}],
    'SEARCH.CHANGE': (s: Snapshot) => (isSingle(s) && !s.context.search.orgName ? [{ field: 'orgName', value: '乙' }] : []),
    'SEARCH.SUBMIT': (s: Snapshot) => (isSingle(s) ? [{}] : []),
    'SEARCH.RESET': (s: Snapshot) => (isSingle(s) ? [{}] : []),
    PAGE: (s: Snapshot) => (isSingle(s) ? [{ page: 2 }, { page: 1 }] : []),
    PAGE_SIZE: (s: Snapshot) => (isSingle(s) && s.context.pageSize === LOOKUP_DEFAULT_PAGE_SIZE ? [{ pageSize: 20 }, { pageSize: 7 }] : []),
    RETRY: [{}],
    'ROW.HIGHLIGHT': (s: Snapshot) => (isSingle(s) && !s.context.highlighted ? [...keys(s.context.rows).slice(0, 1), 'nobody'].map((key) => ({ key })) : []),
    'ROW.PICK': (s: Snapshot) => [...keys(s.context.rows).slice(0, 1), ...(isSingle(s) ? ['nobody'] : [])].map((key) => ({ key })),
    // At most two selected rows: enough for every case.
    'SELECTED.ADD': (s: Snapshot) => (!isSingle(s) && s.context.selected.length < 2 ? keys(s.context.rows).map((key) => ({ key })) : []),
    'SELECTED.REMOVE': (s: Snapshot) => (isSingle(s) ? [] : [...keys(s.context.selected).slice(0, 1), 'nobody'].map((key) => ({ key }))),
    'SELECTED.CHANGE': (s: Snapshot) => s.context.selected.filter((r) => !r.amount).map((r) => ({ key: String(r.orgCode), field: 'amount', value: '12.50' })),
    CONFIRM: [{}],
    CLEAR: [{}],
    RESET: [{}],
  },
  actors: { fetchPage: { outputs: [twoOfTwelve, onlyOne, none, pastEnd], errors: [new Error(refused)] } },
  provide: { actions: { writeFields: (_: unknown, params: WriteFields) => writes.push(params) } },
  onState: (snapshot, step) => {
    if (step.event.type === 'xstate.init') {
      writes.length = 0;
      writesBefore = 0;
      previous = null;
    }
    const api = view(snapshot);
    expect(api.getRootProps()).toMatchObject({ 'data-part': 'root', 'data-state': api.state, 'data-mode': snapshot.context.mode });
    expect(api.width).toBe(snapshot.context.mode === 'multi' ? DIALOG_WIDTH.multiLookup : DIALOG_WIDTH.singleLookup);
    // Only a pick, a confirm, a clear, a reset or an auto-select writes the linked fields.
    const wrote = writes.length > writesBefore;
    const writing = ['ROW.PICK', 'CONFIRM', 'CLEAR', 'RESET'].includes(step.event.type) || step.event.type.startsWith('xstate.done.actor');
    if (!writing) expect(wrote).toBe(false);
    // A failure never touches the selected list.
    if (previous && step.event.type.startsWith('xstate.error.actor')) expect(snapshot.context.selected).toEqual(previous.context.selected);
    writesBefore = writes.length;
    previous = snapshot;
  },
  states: {
    closed: (snapshot, step) => {
      const api = view(snapshot);
      expect([api.open, api.getDialogProps().open, api.state]).toEqual([false, false, 'closed']);
      expect(api.getTriggerProps()['aria-expanded']).toBe(false);
      const last = writes.at(-1);
      const type = step.event.type;
      if (type === 'CLEAR') expect(last).toEqual({ values: { orgCode: '', orgName: '' }, rows: [] });
      if (type === 'RESET') expect(last).toEqual({ values: initial, rows: [] });
      if (type === 'ROW.PICK') {
        const key = (step.event as unknown as { key: string }).key;
        expect(last!.values.orgCode).toBe(key);
        expect(last!.values.orgName).toBe([A, B, C].find((r) => r.orgCode === key)!.orgName);
      }
      if (type === 'CONFIRM' && snapshot.context.mode === 'single') expect(last!.values).toEqual({ orgCode: snapshot.context.highlighted!.orgCode, orgName: snapshot.context.highlighted!.orgName });
      if (type === 'CONFIRM' && snapshot.context.mode === 'multi') {
        expect(last!.values.orgCode).toBe(keys(snapshot.context.selected).join(LOOKUP_MULTI_SEPARATOR));
        expect(last!.rows.every((r) => r.amount === '12.50')).toBe(true);
      }
      // Auto-select: page 1's only row picked without a click.
      if (type.startsWith('xstate.done.actor')) expect(last).toEqual({ values: { orgCode: 'C03', orgName: '丙公司' }, rows: [C] });
    },
    'open.loading': (snapshot, step, run) => {
      const api = view(snapshot);
      expect([api.open, api.busy, api.state]).toEqual([true, true, 'loading']);
      const asked = run.inputs.fetchPage?.at(-1) as { start: number; limit: number; params: Record<string, string> };
      expect(asked).toEqual({ start: snapshot.context.page, limit: snapshot.context.pageSize, params: snapshot.context.params });
      if (step.event.type === 'OPEN') {
        // Opening resets to page 1, size 10, the search blank; multi mode shows what the fields name.
        expect([asked.start, asked.limit]).toEqual([1, LOOKUP_DEFAULT_PAGE_SIZE]);
        expect(asked.params).toEqual({ orgCode: '', orgName: '' });
        expect(snapshot.context.rows).toEqual([]);
        expect(keys(api.selected)).toEqual(snapshot.context.mode === 'multi' ? ['B02'] : []);
      }
      if (step.event.type === 'SEARCH.SUBMIT' || step.event.type === 'SEARCH.RESET' || step.event.type === 'PAGE_SIZE') expect(asked.start).toBe(1);
      if (step.event.type === 'SEARCH.RESET') expect(asked.params).toEqual({ orgCode: '', orgName: '' });
      if (step.event.type === 'PAGE') expect(asked.start).toBe((step.event as unknown as { page: number }).page);
      // Past the end: the last page that has rows is asked.
      if (step.event.type.startsWith('xstate.done.actor')) expect(asked.start).toBe(Math.ceil(pastEnd.total / snapshot.context.pageSize));
    },
    'open.ready': (snapshot) => {
      const api = view(snapshot);
      expect([api.open, api.busy, api.state, api.failed, api.error]).toEqual([true, false, 'ready', false, null]);
      // Auto-select answers the open's own query only: a lone row on page 1 shown in single mode was asked for inside the dialog.
      if (!api.multi && snapshot.context.autoSelect && api.total === 1 && snapshot.context.shownPage === 1) expect(snapshot.context.opening).toBe(false);
      expect(api.rows.length).toBeGreaterThan(0);
      expect(api.getPaginationProps()).toMatchObject({ count: snapshot.context.total, page: snapshot.context.shownPage, pageSize: snapshot.context.shownPageSize });
      for (const row of api.rows) {
        const props = api.getRowProps(row);
        expect(props['data-part']).toBe('row');
        if (api.multi) expect(props['data-state']).toBe(keys(api.selected).includes(String(row.orgCode)) ? 'selected' : 'idle');
        else expect(props['data-state']).toBe(snapshot.context.highlighted?.orgCode === row.orgCode ? 'highlighted' : 'idle');
      }
      expect(api.getConfirmProps().disabled).toBe(!api.multi && snapshot.context.highlighted === null);
      // A refused confirm leaves a problem on each selected row without an amount.
      for (const row of api.selected) if (api.problems[String(row.orgCode)]) expect(api.getSelectedProps(row)['data-state']).toBe('invalid');
    },
    'open.empty': (snapshot) => {
      const api = view(snapshot);
      expect([api.empty, api.busy, api.rows, api.total]).toEqual([true, false, [], 0]);
    },
    'open.failed': (snapshot) => {
      const api = view(snapshot);
      expect([api.failed, api.error, api.busy]).toEqual([true, refused, false]);
      expect(api.getRetryProps().disabled).toBe(false);
      const before = previous;
      if (!before || !(snapshot.context.rows.length || before.context.rows.length)) return;
      // A failed page change keeps the rows and page shown; a failed search shows none.
      if (snapshot.context.newQuery) expect(api.rows).toEqual([]);
      else {
        expect(api.rows).toEqual(before.context.rows);
        expect(api.page).toBe(before.context.shownPage);
      }
    },
  },
});

/** Auto-select, step by step: the open's lone answer is picked; a lone answer to a search typed in the dialog is shown. */
describe('magnifier auto-select', () => {
  const run = (answers: LookupPage[]) => {
    const picked: WriteFields[] = [];
    const queue = [...answers];
    const actor = createActor(
      magnifierMachine.provide({
        actors: { fetchPage: fromPromise(async () => queue.shift()!) },
        actions: { writeFields: (_: unknown, w: WriteFields) => picked.push(w) },
      }),
      { input: single },
    ).start();
    const settled = () => new Promise<void>((r) => setTimeout(r, 0));
    return { actor, picked, settled };
  };

  it('picks the only row the open finds and closes without showing the list', async () => {
    const { actor, picked, settled } = run([onlyOne]);
    actor.send({ type: 'OPEN', search: { orgCode: 'C03' } });
    await settled();
    expect(actor.getSnapshot().value).toBe('closed');
    expect(picked).toEqual([{ values: { orgCode: 'C03', orgName: '丙公司' }, rows: [C] }]);
  });

  it('shows, and does not pick, the only row of a search made inside the dialog', async () => {
    const { actor, picked, settled } = run([twoOfTwelve, onlyOne]);
    actor.send({ type: 'OPEN' });
    await settled();
    actor.send({ type: 'SEARCH.CHANGE', field: 'orgName', value: '丙' });
    actor.send({ type: 'SEARCH.SUBMIT' });
    await settled();
    expect(actor.getSnapshot().value).toEqual({ open: 'ready' });
    expect(actor.getSnapshot().context.rows).toEqual([C]);
    expect(picked).toEqual([]);
  });
});
