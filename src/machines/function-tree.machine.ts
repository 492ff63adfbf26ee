import { assign, fromPromise, not, setup } from 'xstate';
import { functionProblems, type FunctionField, type FunctionProblem, type FunctionValues, type TreeFunction } from '../shared/function-tree';
import { messageOf } from './message-of';

/**
 * The function tree page (docs/function-tree.md): the menu's functions as a tree, one of them in
 * the form beside it. Choosing a function shows its values; "add" starts a blank one under a
 * parent; the form's values are kept as typed (the order too, a half-typed number refused on
 * submit by the rules the server applies, src/shared/function-tree.ts). Nothing typed is lost: a
 * choice, an add or a reload with unsaved changes asks first (`confirmingDiscard`), a refused
 * save keeps the values and says why. A delete is confirmed. The calls are provided by the view.
 */

/** The form's values as typed: the parent's id as text ('' at the top), the order as typed. */
export type FormValues = Record<'functionName' | 'functionNameEn' | 'funcUrl' | 'funcOrder' | 'fatherFunctionId', string>;
export type FormField = keyof FormValues;
export type FormMode = 'none' | 'edit' | 'add';

export interface FunctionTreeContext {
  nodes: TreeFunction[];
  selectedId: number | null;
  mode: FormMode;
  values: FormValues;
  /** What the form started from (the function chosen, or a new one's blank values): what "unsaved" is measured against. */
  initial: FormValues;
  errors: Partial<Record<FunctionField, FunctionProblem>>;
  /** What the tree is narrowed to (a name in either language, or an address). */
  filter: string;
  serverMessage: string | null;
  notice: 'saved' | 'added' | 'deleted' | null;
  /** What waits for the user to discard their changes. */
  pending: { kind: 'select'; id: number } | { kind: 'add'; parentId: number | null } | { kind: 'reload' } | null;
}

export type FunctionTreeEvent =
  | { type: 'TREE.RELOAD' }
  | { type: 'FILTER.CHANGE'; value: string }
  | { type: 'NODE.SELECT'; id: number }
  | { type: 'NODE.ADD'; parentId: number | null }
  | { type: 'FIELD.CHANGE'; field: FormField; value: string }
  | { type: 'FORM.SUBMIT' }
  | { type: 'FORM.RESET' }
  | { type: 'NODE.DELETE' }
  | { type: 'DELETE.CONFIRM' }
  | { type: 'DELETE.CANCEL' }
  | { type: 'DISCARD.CONFIRM' }
  | { type: 'DISCARD.CANCEL' };

/** What the save call is given: a new function's values, or a function's id, version and values. */
export type SaveInput = { mode: 'add'; values: FunctionValues } | { mode: 'edit'; id: number; version: number; values: FunctionValues };

const BLANK: FormValues = { functionName: '', functionNameEn: '', funcUrl: '', funcOrder: '', fatherFunctionId: '' };
const ORDER_STEP = 10;

export const valuesOf = (f: TreeFunction): FormValues => ({
  functionName: f.functionName,
  functionNameEn: f.functionNameEn,
  funcUrl: f.funcUrl ?? '',
  funcOrder: String(f.funcOrder),
  fatherFunctionId: f.fatherFunctionId === null ? '' : String(f.fatherFunctionId),
});

/** The values as the call takes them; an order that is not a whole number stays NaN, which the rules refuse. */
export function functionValuesOf(values: FormValues): FunctionValues {
  return {
    functionName: values.functionName,
    functionNameEn: values.functionNameEn,
    funcUrl: values.funcUrl.trim() === '' ? null : values.funcUrl,
    funcOrder: /^\s*\d+\s*$/.test(values.funcOrder) ? Number(values.funcOrder) : Number.NaN,
    fatherFunctionId: values.fatherFunctionId === '' ? null : Number(values.fatherFunctionId),
  };
}

/** A new function's values under a parent: after its last child. */
function blankUnder(nodes: readonly TreeFunction[], parentId: number | null): FormValues {
  const last = Math.max(0, ...nodes.filter((n) => n.fatherFunctionId === parentId).map((n) => n.funcOrder));
  return { ...BLANK, funcOrder: String(last + ORDER_STEP), fatherFunctionId: parentId === null ? '' : String(parentId) };
}

export const selectedOf = (context: Pick<FunctionTreeContext, 'nodes' | 'selectedId'>) => context.nodes.find((n) => n.id === context.selectedId) ?? null;

/** Why a function cannot be deleted (the server refuses it too: 3203, 3204), or null when it can. */
export function keepReasonOf(nodes: readonly TreeFunction[], node: TreeFunction | null): 'children' | 'granted' | null {
  if (!node) return null;
  if (nodes.some((n) => n.fatherFunctionId === node.id)) return 'children';
  return node.dutyCount > 0 ? 'granted' : null;
}

const FIELDS: readonly FormField[] = ['functionName', 'functionNameEn', 'funcUrl', 'funcOrder', 'fatherFunctionId'];

/** The values differ from what the form started from (the function chosen, or a blank new one). */
export function isDirty(context: Pick<FunctionTreeContext, 'mode' | 'values' | 'initial'>): boolean {
  return context.mode !== 'none' && FIELDS.some((k) => context.values[k] !== context.initial[k]);
}

const outputOf = <T>(event: unknown) => (event as { output: T }).output;

export const functionTreeMachine = setup({
  types: { context: {} as FunctionTreeContext, events: {} as FunctionTreeEvent },
  actors: {
    loadTree: fromPromise<TreeFunction[]>(async () => {
      throw new Error('loadTree not provided');
    }),
    saveFunction: fromPromise<TreeFunction, SaveInput>(async () => {
      throw new Error('saveFunction not provided');
    }),
    deleteFunction: fromPromise<null, { id: number; version: number }>(async () => {
      throw new Error('deleteFunction not provided');
    }),
  },
  guards: {
    isDirty: ({ context }) => isDirty(context),
    isValid: ({ context }) => Object.keys(functionProblems(functionValuesOf(context.values))).length === 0,
    hasForm: ({ context }) => context.mode !== 'none',
    isKnown: ({ context, event }) => event.type === 'NODE.SELECT' && context.nodes.some((n) => n.id === event.id),
    isDeletable: ({ context }) => context.mode === 'edit' && selectedOf(context) !== null && keepReasonOf(context.nodes, selectedOf(context)) === null,
    isPendingSelect: ({ context }) => context.pending?.kind === 'select',
    isPendingAdd: ({ context }) => context.pending?.kind === 'add',
  },
  actions: {
    applyTree: assign(({ context, event }) => {
      const nodes = outputOf<TreeFunction[]>(event);
      // The function in the form stays chosen when it is still there; its values are the server's now.
      const kept = context.mode === 'edit' ? nodes.find((n) => n.id === context.selectedId) : undefined;
      if (kept) return { nodes, values: valuesOf(kept), initial: valuesOf(kept), errors: {}, serverMessage: null };
      if (context.mode === 'add') return { nodes, serverMessage: null };
      return { nodes, selectedId: null, mode: 'none' as const, values: BLANK, initial: BLANK, errors: {}, serverMessage: null };
    }),
    keepLoadError: assign({ serverMessage: ({ event }) => messageOf((event as { error?: unknown }).error) }),
    setFilter: assign({ filter: ({ context, event }) => (event.type === 'FILTER.CHANGE' ? event.value : context.filter) }),
    select: assign(({ context, event }) => {
      const id = event.type === 'NODE.SELECT' ? event.id : context.pending?.kind === 'select' ? context.pending.id : null;
      const node = context.nodes.find((n) => n.id === id);
      return node ? { selectedId: node.id, mode: 'edit' as const, values: valuesOf(node), initial: valuesOf(node), errors: {}, serverMessage: null, notice: null, pending: null } : { pending: null };
    }),
    startAdd: assign(({ context, event }) => {
      const parentId = event.type === 'NODE.ADD' ? event.parentId : context.pending?.kind === 'add' ? context.pending.parentId : null;
      const blank = blankUnder(context.nodes, parentId);
      return { mode: 'add' as const, values: blank, initial: blank, errors: {}, serverMessage: null, notice: null, pending: null };
    }),
    holdPending: assign({
      pending: ({ event }) => (event.type === 'NODE.SELECT' ? { kind: 'select' as const, id: event.id } : event.type === 'NODE.ADD' ? { kind: 'add' as const, parentId: event.parentId } : { kind: 'reload' as const }),
    }),
    dropPending: assign({ pending: null }),
    setField: assign(({ context, event }) => {
      if (event.type !== 'FIELD.CHANGE') return {};
      const errors = { ...context.errors };
      delete errors[event.field as FunctionField];
      return { values: { ...context.values, [event.field]: event.value }, errors, serverMessage: null, notice: null };
    }),
    flagInvalid: assign({ errors: ({ context }) => functionProblems(functionValuesOf(context.values)), notice: null }),
    revert: assign(({ context }) => ({ values: context.initial, errors: {}, serverMessage: null })),
    applySaved: assign(({ context, event }) => {
      const saved = outputOf<TreeFunction>(event);
      const known = context.nodes.some((n) => n.id === saved.id);
      const nodes = known ? context.nodes.map((n) => (n.id === saved.id ? saved : n)) : [...context.nodes, saved];
      return { nodes, selectedId: saved.id, mode: 'edit' as const, values: valuesOf(saved), initial: valuesOf(saved), errors: {}, serverMessage: null, notice: known ? ('saved' as const) : ('added' as const) };
    }),
    // What was typed stays; the server's reason shows beside it.
    keepSaveError: assign({ serverMessage: ({ event }) => messageOf((event as { error?: unknown }).error), notice: null }),
    removeSelected: assign(({ context }) => {
      const gone = selectedOf(context);
      const parent = gone?.fatherFunctionId ?? null;
      const nodes = context.nodes.filter((n) => n.id !== context.selectedId);
      const next = nodes.find((n) => n.id === parent);
      const values = next ? valuesOf(next) : BLANK;
      return { nodes, selectedId: next?.id ?? null, mode: next ? ('edit' as const) : ('none' as const), values, initial: values, errors: {}, serverMessage: null, notice: 'deleted' as const };
    }),
  },
}).createMachine({
  id: 'functionTree',
  context: { nodes: [], selectedId: null, mode: 'none', values: BLANK, initial: BLANK, errors: {}, filter: '', serverMessage: null, notice: null, pending: null },
  initial: 'loading',
  // Narrowing the tree never touches the form.
  on: { 'FILTER.CHANGE': { actions: 'setFilter' } },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadTree',
        onDone: { target: 'browsing', actions: 'applyTree' },
        onError: { target: 'failed', actions: 'keepLoadError' },
      },
    },
    failed: {
      on: { 'TREE.RELOAD': 'loading' },
    },
    browsing: {
      on: {
        'NODE.SELECT': [{ guard: not('isKnown') }, { guard: 'isDirty', target: 'confirmingDiscard', actions: 'holdPending' }, { actions: 'select' }],
        'NODE.ADD': [{ guard: 'isDirty', target: 'confirmingDiscard', actions: 'holdPending' }, { actions: 'startAdd' }],
        'TREE.RELOAD': [{ guard: 'isDirty', target: 'confirmingDiscard', actions: 'holdPending' }, { target: 'loading' }],
        'FIELD.CHANGE': { guard: 'hasForm', actions: 'setField' },
        'FORM.SUBMIT': [{ guard: not('hasForm') }, { guard: 'isValid', target: 'saving' }, { actions: 'flagInvalid' }],
        'FORM.RESET': { guard: 'isDirty', actions: 'revert' },
        'NODE.DELETE': { guard: 'isDeletable', target: 'confirmingDelete' },
      },
    },
    confirmingDiscard: {
      on: {
        'DISCARD.CONFIRM': [
          { guard: 'isPendingSelect', target: 'browsing', actions: 'select' },
          { guard: 'isPendingAdd', target: 'browsing', actions: 'startAdd' },
          { target: 'loading', actions: ['revert', 'dropPending'] },
        ],
        'DISCARD.CANCEL': { target: 'browsing', actions: 'dropPending' },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'saveFunction',
        input: ({ context }): SaveInput => {
          const values = functionValuesOf(context.values);
          const node = selectedOf(context);
          return context.mode === 'edit' && node ? { mode: 'edit', id: node.id, version: node.version, values } : { mode: 'add', values };
        },
        onDone: { target: 'browsing', actions: 'applySaved' },
        onError: { target: 'browsing', actions: 'keepSaveError' },
      },
    },
    confirmingDelete: {
      on: {
        'DELETE.CONFIRM': 'deleting',
        'DELETE.CANCEL': 'browsing',
      },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        src: 'deleteFunction',
        input: ({ context }) => ({ id: context.selectedId!, version: selectedOf(context)!.version }),
        onDone: { target: 'browsing', actions: 'removeSelected' },
        onError: { target: 'browsing', actions: 'keepSaveError' },
      },
    },
  },
});
