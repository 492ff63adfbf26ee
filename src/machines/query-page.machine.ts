import { assign, emit, fromPromise, setup } from 'xstate';
import { SAVED_QUERY_DEFAULT, SAVED_QUERY_MAX_DEFAULT, SAVED_QUERY_NOT_DEFAULT } from '../shared/constants';
import type { SavedQuery } from '../shared/contract/query-settings';
import {
  REQUIRED_KEEP,
  applyOrder,
  defaultValues,
  defaultsOf,
  effectiveRequired,
  fieldProblems,
  hasFilter,
  isJsonObjectText,
  isShown,
  moveInOrder,
  parseExtended,
  savedNameProblem,
  toFormValues,
  toParams,
  valueKeys,
  type FormValues,
  type HiddenSetting,
  type Problem,
  type QueryField,
  type QueryParams,
} from '../shared/query-rules';
import { messageOf } from './message-of';

/**
 * A query page's form (widgets §2 "Query form", §4 "Query page start", §5, §7, §8; issue 10
 * points 4, 5, 7): its filters, saved searches, field order and the administrators' hidden
 * fields, and when a query runs.
 *
 * - `starting` (parallel): the saved searches (`loadSaved`), the field order with the page's
 *   hidden params (`loadOrder`), the extended fields (`loadExtended`, JSON text) load, and the
 *   view says it is mounted (`PAGE.MOUNTED`). A failed order load falls back to the default
 *   order without a word, extended text that does not parse is ignored (widgets §8), a failed
 *   saved-search load leaves the list empty.
 * - When all four are done: the fields are laid out (the saved order only if it still names
 *   exactly the page's fields), the defaults apply (hidden params' default values, `$now` =
 *   today), then the default saved search if there is one, and a query with reason `init` goes
 *   out, through `checking`: a query runs only when the form is valid; otherwise the
 *   problems show and nothing is asked.
 * - `ready.idle`: typing (`FIELD.CHANGE`), Query (`QUERY.SEARCH`, reason `search`), Reset
 *   (`QUERY.RESET`: back to the defaults, reason `reset`), a saved search clicked
 *   (`SAVED.APPLY`, reason `saved`), a reload of the last query (`QUERY.RELOAD`, reason
 *   `reload`). Every query is emitted as `{type: 'query', params, reason}` and kept in
 *   `lastQuery`; the list it feeds starts again at page 1 (the paged list's `LIST.LOAD`).
 * - Saved searches: the save dialog (`saveDialog`: name, default flag; refused inline when the
 *   form is invalid, the name is empty or too long, no filter is filled or the maximum is
 *   reached; the server's refusal comes back inline), delete after the user confirms
 *   (`confirmingDelete` asks through `confirmDelete`, then `deleting`), the star
 *   (`togglingDefault`: setting one clears the others locally at once, clicking the default
 *   unsets it; a refusal puts the list back).
 * - `ordering`: the settings popover's order tab edits a draft of the order; save sends it
 *   (`savingOrder`), cancel drops it.
 * - `hiddenDialog` (administrators only): one row per field (shown or hidden, default value as
 *   JSON text, required 1 keep / 2 required / 3 optional); each row saves on its own
 *   (`saveHidden`); `saved` and `failed` are the "操作成功!" / "操作失败!" notices.
 *
 * Effects are injected actors (the view provides them): `loadSaved({code}) → SavedQuery[]`,
 * `loadOrder({code}) → {customOrder, hiddenParams}`, `loadExtended({code}) → string | null`,
 * `saveQuery(body) → SavedQuery[]`, `deleteQuery({code, id}) → SavedQuery[]`,
 * `confirmDelete({name}) → boolean`, `saveOrder({code, formItemsOrder})`,
 * `saveHidden({code, hiddenParams})`.
 */

export type QueryReason = 'init' | 'search' | 'reset' | 'saved' | 'reload';

export interface LastQuery {
  params: QueryParams;
  reason: QueryReason;
  /** Counts the queries emitted: the same params asked twice are two queries. */
  serial: number;
}

export interface LoadedOrder {
  customOrder: string[] | null;
  hiddenParams: HiddenSetting[];
}

/** A problem of the save dialog: a message key of the `query` module, with its parameters. */
export type SaveProblem = 'formInvalid' | 'nameRequired' | 'nameTooLong' | 'noFilter' | 'tooMany';

export interface QueryPageContext {
  code: string;
  admin: boolean;
  /** Today as yyyy-MM-dd, for `$now` (the view's clock; the machine reads none). */
  today: string;
  /** The page's own fields, in their default order. */
  baseFields: QueryField[];
  /** The hide-button map's rule for parameters (QueryPageInput.paramShown). */
  paramShown: (name: string) => boolean;
  /** The page's fields and the extended ones, in the default order. */
  fields: QueryField[];
  /** The field names as laid out (the saved order, or the defaults). */
  order: string[];
  /** The popover's copy of the order while it is edited or saved. */
  orderDraft: string[];
  /** The user's saved order as the server gave it (null: none, or the load failed). */
  savedOrder: string[] | null;
  /** The page's hidden params (administrators' settings, for everyone). */
  hidden: HiddenSetting[];
  saved: SavedQuery[];
  /** The list before a star was clicked, put back if the server refuses. */
  savedBefore: SavedQuery[];
  values: FormValues;
  /** Problems by value key; shown once a query or save was refused for them. */
  problems: Record<string, Problem>;
  /** A check failed: problems follow the values as they are typed. */
  checked: boolean;
  /** The reason of the query `checking` is deciding on. */
  reason: QueryReason;
  lastQuery: LastQuery | null;
  saveName: string;
  saveDefault: boolean;
  saveProblem: SaveProblem | null;
  /** The server's msg of the last refused call of this page's settings; cleared by the next one. */
  error: string | null;
  /** The saved search a delete or star is about. */
  target: number | null;
  /** The hidden-field dialog's rows, by prop. */
  hiddenDraft: Record<string, HiddenSetting>;
  /** Rows whose default value is not a JSON object. */
  hiddenProblems: Record<string, 'badJson'>;
  /** The row being saved, or last saved. */
  hiddenTarget: string | null;
  /** That row as it was sent: what the page uses once the server has it (later edits stay in the draft). */
  hiddenSent: HiddenSetting | null;
}

export interface QueryPageInput {
  code: string;
  fields: QueryField[];
  admin: boolean;
  today: string;
  /**
   * Which query parameters the page shows: the user's hide-button map (widgets §6, `param` of
   * src/shared/function-display.ts). A parameter it hides, the page's own or a template's, is
   * not in the form at all, so it is neither shown nor sent. Absent: every one.
   */
  paramShown?: (name: string) => boolean;
}

export interface SaveQueryBody {
  code: string;
  operationType: 1 | 2 | 3;
  id?: number;
  name?: string;
  defaultFlag?: 1 | 2;
  formData?: QueryParams;
}

export type QueryPageEvent =
  | { type: 'PAGE.MOUNTED' }
  | { type: 'FIELDS.LABEL'; labels: Record<string, string> }
  | { type: 'FIELD.CHANGE'; field: string; value: string }
  | { type: 'QUERY.SEARCH' }
  | { type: 'QUERY.RESET' }
  | { type: 'QUERY.RELOAD' }
  | { type: 'SAVED.APPLY'; id: number }
  | { type: 'SAVED.OPEN' }
  | { type: 'SAVED.NAME'; value: string }
  | { type: 'SAVED.DEFAULT'; value: boolean }
  | { type: 'SAVED.SUBMIT' }
  | { type: 'SAVED.CANCEL' }
  | { type: 'SAVED.DELETE'; id: number }
  | { type: 'SAVED.TOGGLE_DEFAULT'; id: number }
  | { type: 'ORDER.OPEN' }
  | { type: 'ORDER.MOVE'; name: string; by: number }
  | { type: 'ORDER.RESET' }
  | { type: 'ORDER.SAVE' }
  | { type: 'ORDER.CANCEL' }
  | { type: 'HIDDEN.OPEN' }
  | { type: 'HIDDEN.EDIT'; prop: string; patch: Partial<Pick<HiddenSetting, 'showOrHide' | 'defaultVal' | 'required'>> }
  | { type: 'HIDDEN.SAVE'; prop: string }
  | { type: 'HIDDEN.CLOSE' };

export type QueryPageEmitted = { type: 'query'; params: QueryParams; reason: QueryReason };

// ---- Pure helpers over the context ---------------------------------------------------------

const outputOf = <T>(event: unknown) => (event as { output: T }).output;
const hiddenOf = (context: Pick<QueryPageContext, 'hidden'>, name: string) => context.hidden.find((h) => h.prop === name);

/** The fields shown, in the order laid out. */
export function shownFields(context: Pick<QueryPageContext, 'fields' | 'order' | 'hidden'>): QueryField[] {
  const byName = new Map(context.fields.map((f) => [f.name, f]));
  return context.order.map((n) => byName.get(n)!).filter((f) => f && isShown(hiddenOf(context, f.name)));
}

/** Every shown field's problems, with the administrators' required setting applied. */
export function formProblems(context: Pick<QueryPageContext, 'fields' | 'order' | 'hidden' | 'values'>): Record<string, Problem> {
  return Object.assign({}, ...shownFields(context).map((f) => fieldProblems(f, context.values, effectiveRequired(f, hiddenOf(context, f.name))))) as Record<string, Problem>;
}

/** Hidden fields always carry their defaults (the user cannot see them to change them). */
function withHiddenDefaults(context: Pick<QueryPageContext, 'fields' | 'hidden' | 'today'>, values: FormValues): FormValues {
  const out = { ...values };
  for (const f of context.fields) {
    const h = hiddenOf(context, f.name);
    if (isShown(h)) continue;
    for (const k of valueKeys(f)) delete out[k];
    Object.assign(out, defaultsOf(f, h?.defaultVal ?? '', context.today));
  }
  return out;
}

/** What a saved search stores: the shown fields' values, typed. */
export function savedFormData(context: Pick<QueryPageContext, 'fields' | 'order' | 'hidden' | 'values'>): QueryParams {
  return toParams(shownFields(context), context.values);
}

/** The values a saved search gives: its own for the shown fields, the defaults for the hidden ones. */
function valuesOfSaved(context: QueryPageContext, query: SavedQuery): FormValues {
  return withHiddenDefaults(context, toFormValues(shownFields(context), query.formData));
}

export function saveProblemOf(context: QueryPageContext): SaveProblem | null {
  if (Object.keys(formProblems(context)).length) return 'formInvalid';
  const name = savedNameProblem(context.saveName);
  if (name) return name;
  if (!hasFilter(savedFormData(context))) return 'noFilter';
  if (context.saved.length >= SAVED_QUERY_MAX_DEFAULT) return 'tooMany';
  return null;
}

const findSaved = (context: QueryPageContext, id: number | null) => context.saved.find((q) => q.id === id);
/** The row a field gets in the hidden-field dialog before anything is saved for it. */
const hiddenRow = (context: QueryPageContext, f: QueryField): HiddenSetting => {
  const h = hiddenOf(context, f.name);
  return h ? { prop: f.name, showOrHide: h.showOrHide, defaultVal: h.defaultVal, required: h.required, label: f.label } : { prop: f.name, showOrHide: true, defaultVal: '', required: REQUIRED_KEEP, label: f.label };
};

export const queryPageMachine = setup({
  types: { context: {} as QueryPageContext, events: {} as QueryPageEvent, input: {} as QueryPageInput, emitted: {} as QueryPageEmitted },
  actors: {
    loadSaved: fromPromise<SavedQuery[], { code: string }>(async () => {
      throw new Error('loadSaved not provided');
    }),
    loadOrder: fromPromise<LoadedOrder, { code: string }>(async () => {
      throw new Error('loadOrder not provided');
    }),
    loadExtended: fromPromise<string | null, { code: string }>(async () => {
      throw new Error('loadExtended not provided');
    }),
    saveQuery: fromPromise<SavedQuery[], SaveQueryBody>(async () => {
      throw new Error('saveQuery not provided');
    }),
    deleteQuery: fromPromise<SavedQuery[], { code: string; id: number }>(async () => {
      throw new Error('deleteQuery not provided');
    }),
    confirmDelete: fromPromise<boolean, { name: string }>(async () => {
      throw new Error('confirmDelete not provided');
    }),
    saveOrder: fromPromise<unknown, { code: string; formItemsOrder: string[] }>(async () => {
      throw new Error('saveOrder not provided');
    }),
    saveHidden: fromPromise<unknown, { code: string; hiddenParams: HiddenSetting }>(async () => {
      throw new Error('saveHidden not provided');
    }),
  },
  guards: {
    isFormValid: ({ context }) => Object.keys(formProblems(context)).length === 0,
    hasQueried: ({ context }) => context.lastQuery !== null,
    isKnownSaved: ({ context, event }) => (event.type === 'SAVED.APPLY' || event.type === 'SAVED.DELETE' || event.type === 'SAVED.TOGGLE_DEFAULT') && context.saved.some((q) => q.id === event.id),
    canSave: ({ context }) => saveProblemOf(context) === null,
    /** The user said yes to the delete. */
    isConfirmed: ({ event }) => outputOf<boolean>(event) === true,
    isAdmin: ({ context }) => context.admin,
    /** The row's default value is empty or a JSON object. */
    isHiddenRowValid: ({ context, event }) => event.type === 'HIDDEN.SAVE' && !!context.hiddenDraft[event.prop] && isJsonObjectText(context.hiddenDraft[event.prop]!.defaultVal),
  },
  actions: {
    keepSaved: assign({ saved: ({ event }) => outputOf<SavedQuery[]>(event) ?? [] }),
    keepNoSaved: assign({ saved: [] }),
    keepOrder: assign(({ event }) => {
      const loaded = outputOf<LoadedOrder | null>(event);
      return { savedOrder: Array.isArray(loaded?.customOrder) ? loaded.customOrder : null, hidden: Array.isArray(loaded?.hiddenParams) ? loaded.hiddenParams : [] };
    }),
    // A template field the map hides is left out; its name stays taken, so no later one of that name slips in.
    keepExtended: assign(({ context, event }) => ({ fields: [...context.baseFields, ...parseExtended(outputOf<string | null>(event), context.baseFields.map((f) => f.name)).filter((f) => context.paramShown(f.name))] })),
    /** The saved order if it still fits the fields, else the defaults; then the defaults' values and the default saved search. */
    layOut: assign(({ context }) => {
      const order = applyOrder(
        context.fields.map((f) => f.name),
        context.savedOrder,
      );
      const laid = { ...context, order };
      const base = withHiddenDefaults(laid, defaultValues(context.fields, context.hidden, context.today));
      const first = context.saved.find((q) => q.defaultFlag === SAVED_QUERY_DEFAULT);
      return { order, values: first ? valuesOfSaved(laid, first) : base };
    }),
    relabel: assign({
      fields: ({ context, event }) => (event.type === 'FIELDS.LABEL' ? context.fields.map((f) => (event.labels[f.name] ? { ...f, label: event.labels[f.name]! } : f)) : context.fields),
      baseFields: ({ context, event }) => (event.type === 'FIELDS.LABEL' ? context.baseFields.map((f) => (event.labels[f.name] ? { ...f, label: event.labels[f.name]! } : f)) : context.baseFields),
    }),
    setValue: assign(({ context, event }) => {
      if (event.type !== 'FIELD.CHANGE') return {};
      const values = { ...context.values, [event.field]: event.value };
      return { values, problems: context.checked ? formProblems({ ...context, values }) : context.problems };
    }),
    resetValues: assign(({ context }) => ({ values: withHiddenDefaults(context, defaultValues(context.fields, context.hidden, context.today)), problems: {}, checked: false })),
    applySaved: assign(({ context, event }) => {
      const query = event.type === 'SAVED.APPLY' ? findSaved(context, event.id) : undefined;
      return query ? { values: valuesOfSaved(context, query), problems: {}, checked: false } : {};
    }),
    setReason: assign({ reason: (_, params: { reason: QueryReason }) => params.reason }),
    /** The form is valid: the query goes out with the reason `checking` was entered for. */
    recordQuery: assign(({ context }) => ({
      lastQuery: { params: toParams(context.fields, context.values), reason: context.reason, serial: (context.lastQuery?.serial ?? 0) + 1 },
      problems: {},
      checked: false,
    })),
    recordReload: assign(({ context }) => ({ lastQuery: context.lastQuery ? { ...context.lastQuery, reason: 'reload' as const, serial: context.lastQuery.serial + 1 } : null })),
    emitQuery: emit(({ context }) => ({ type: 'query' as const, params: context.lastQuery!.params, reason: context.lastQuery!.reason })),
    showProblems: assign(({ context }) => ({ problems: formProblems(context), checked: true })),
    openSaveDialog: assign({ saveName: '', saveDefault: false, saveProblem: null, error: null }),
    closeSaveDialog: assign({ saveName: '', saveDefault: false, saveProblem: null, error: null }),
    setSaveName: assign(({ event }) => (event.type === 'SAVED.NAME' ? { saveName: event.value, saveProblem: null } : {})),
    setSaveDefault: assign(({ event }) => (event.type === 'SAVED.DEFAULT' ? { saveDefault: event.value } : {})),
    flagSaveProblem: assign(({ context }) => {
      const saveProblem = saveProblemOf(context);
      return saveProblem === 'formInvalid' ? { saveProblem, problems: formProblems(context), checked: true } : { saveProblem };
    }),
    keepError: assign({ error: ({ event }) => messageOf((event as { error?: unknown }).error) }),
    clearError: assign({ error: null }),
    setTarget: assign({ target: ({ event }) => (event.type === 'SAVED.DELETE' || event.type === 'SAVED.TOGGLE_DEFAULT' ? event.id : null) }),
    /** Widgets §4: setting a default clears the others at once; clicking the default unsets it. */
    toggleDefaultLocally: assign(({ context }) => {
      const was = findSaved(context, context.target)?.defaultFlag === SAVED_QUERY_DEFAULT;
      return {
        savedBefore: context.saved,
        saved: context.saved.map((q) => ({ ...q, defaultFlag: !was && q.id === context.target ? SAVED_QUERY_DEFAULT : SAVED_QUERY_NOT_DEFAULT })) as SavedQuery[],
      };
    }),
    restoreSaved: assign(({ context }) => ({ saved: context.savedBefore })),
    openOrder: assign(({ context }) => ({ orderDraft: [...context.order], error: null })),
    moveInDraft: assign(({ context, event }) => {
      if (event.type !== 'ORDER.MOVE') return {};
      // Moves are among the fields shown: a hidden one keeps its place.
      const shown = new Set(shownFields({ ...context, order: context.orderDraft }).map((f) => f.name));
      const visible = context.orderDraft.filter((n) => shown.has(n));
      const moved = moveInOrder(visible, event.name, event.by);
      let i = 0;
      return { orderDraft: context.orderDraft.map((n) => (shown.has(n) ? moved[i++]! : n)) };
    }),
    resetOrderDraft: assign(({ context }) => ({ orderDraft: context.fields.map((f) => f.name) })),
    applyOrderDraft: assign(({ context }) => ({ order: context.orderDraft, savedOrder: context.orderDraft, orderDraft: [] })),
    dropOrderDraft: assign({ orderDraft: [] }),
    openHidden: assign(({ context }) => ({ hiddenDraft: Object.fromEntries(context.fields.map((f) => [f.name, hiddenRow(context, f)])), hiddenProblems: {}, hiddenTarget: null, hiddenSent: null })),
    editHidden: assign(({ context, event }) => {
      if (event.type !== 'HIDDEN.EDIT' || !context.hiddenDraft[event.prop]) return {};
      const { [event.prop]: _old, ...problems } = context.hiddenProblems;
      return { hiddenDraft: { ...context.hiddenDraft, [event.prop]: { ...context.hiddenDraft[event.prop]!, ...event.patch } }, hiddenProblems: problems };
    }),
    flagHiddenProblem: assign(({ context, event }) => (event.type === 'HIDDEN.SAVE' && context.hiddenDraft[event.prop] ? { hiddenProblems: { ...context.hiddenProblems, [event.prop]: 'badJson' as const } } : {})),
    setHiddenTarget: assign(({ context, event }) => {
      const row = event.type === 'HIDDEN.SAVE' ? context.hiddenDraft[event.prop] : undefined;
      return row ? { hiddenTarget: row.prop, hiddenSent: { ...row, defaultVal: row.defaultVal.trim() } } : {};
    }),
    /** Saved: the page uses the row from now on; a field now hidden takes its defaults. */
    applyHiddenRow: assign(({ context }) => {
      const row = context.hiddenSent;
      if (!row) return {};
      const hidden = [...context.hidden.filter((h) => h.prop !== row.prop), row];
      return { hidden, values: withHiddenDefaults({ ...context, hidden }, context.values) };
    }),
    closeHidden: assign({ hiddenDraft: {}, hiddenProblems: {}, hiddenTarget: null, hiddenSent: null }),
  },
}).createMachine({
  id: 'queryPage',
  context: ({ input }) => {
    const paramShown = input.paramShown ?? (() => true);
    const fields = input.fields.filter((f) => paramShown(f.name));
    return {
      code: input.code,
      admin: input.admin,
      today: input.today,
      baseFields: fields,
      paramShown,
      fields,
      order: fields.map((f) => f.name),
      orderDraft: [],
      savedOrder: null,
      hidden: [],
      saved: [],
      savedBefore: [],
      values: {},
      problems: {},
      checked: false,
      reason: 'init',
      lastQuery: null,
      saveName: '',
      saveDefault: false,
      saveProblem: null,
      error: null,
      target: null,
      hiddenDraft: {},
      hiddenProblems: {},
      hiddenTarget: null,
      hiddenSent: null,
    };
  },
  on: { 'FIELDS.LABEL': { actions: 'relabel' } },
  initial: 'starting',
  states: {
    // Widgets §4 "Query page start": four things get ready in any order.
    starting: {
      type: 'parallel',
      tags: ['starting'],
      onDone: { target: 'checking', actions: ['layOut', { type: 'setReason', params: { reason: 'init' } }] },
      states: {
        saved: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                src: 'loadSaved',
                input: ({ context }) => ({ code: context.code }),
                onDone: { target: 'ready', actions: 'keepSaved' },
                onError: { target: 'ready', actions: 'keepNoSaved' },
              },
            },
            ready: { type: 'final' },
          },
        },
        order: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                src: 'loadOrder',
                input: ({ context }) => ({ code: context.code }),
                onDone: { target: 'ready', actions: 'keepOrder' },
                // Widgets §8: silently the default order (and no hidden params).
                onError: { target: 'ready' },
              },
            },
            ready: { type: 'final' },
          },
        },
        extended: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                src: 'loadExtended',
                input: ({ context }) => ({ code: context.code }),
                // Text that does not parse gives no extended fields (widgets §8).
                onDone: { target: 'ready', actions: 'keepExtended' },
                onError: { target: 'ready' },
              },
            },
            ready: { type: 'final' },
          },
        },
        mount: {
          initial: 'waiting',
          states: {
            waiting: { on: { 'PAGE.MOUNTED': 'ready' } },
            ready: { type: 'final' },
          },
        },
      },
    },
    // A query runs only when the form is valid (widgets §5); otherwise its problems show.
    checking: {
      always: [
        { guard: 'isFormValid', target: 'idle', actions: ['recordQuery', 'emitQuery'] },
        { target: 'idle', actions: 'showProblems' },
      ],
    },
    idle: {
      on: {
        'FIELD.CHANGE': { actions: 'setValue' },
        'QUERY.SEARCH': { target: 'checking', actions: { type: 'setReason', params: { reason: 'search' } } },
        'QUERY.RESET': { target: 'checking', actions: ['resetValues', { type: 'setReason', params: { reason: 'reset' } }] },
        'QUERY.RELOAD': { guard: 'hasQueried', actions: ['recordReload', 'emitQuery'] },
        'SAVED.APPLY': { guard: 'isKnownSaved', target: 'checking', actions: ['applySaved', { type: 'setReason', params: { reason: 'saved' } }] },
        'SAVED.OPEN': { target: 'saveDialog', actions: 'openSaveDialog' },
        'SAVED.DELETE': { guard: 'isKnownSaved', target: 'confirmingDelete', actions: ['setTarget', 'clearError'] },
        'SAVED.TOGGLE_DEFAULT': { guard: 'isKnownSaved', target: 'togglingDefault', actions: ['setTarget', 'clearError', 'toggleDefaultLocally'] },
        'ORDER.OPEN': { target: 'ordering', actions: 'openOrder' },
        'HIDDEN.OPEN': { guard: 'isAdmin', target: 'hiddenDialog', actions: 'openHidden' },
      },
    },
    saveDialog: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'SAVED.NAME': { actions: 'setSaveName' },
            'SAVED.DEFAULT': { actions: 'setSaveDefault' },
            'SAVED.SUBMIT': [{ guard: 'canSave', target: 'saving', actions: 'clearError' }, { actions: 'flagSaveProblem' }],
            'SAVED.CANCEL': { target: '#queryPage.idle', actions: 'closeSaveDialog' },
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            src: 'saveQuery',
            input: ({ context }) => ({
              code: context.code,
              operationType: 1 as const,
              name: context.saveName.trim(),
              defaultFlag: context.saveDefault ? SAVED_QUERY_DEFAULT : SAVED_QUERY_NOT_DEFAULT,
              formData: savedFormData(context),
            }),
            onDone: { target: '#queryPage.idle', actions: ['keepSaved', 'closeSaveDialog'] },
            // The server's msg shows in the dialog; the name typed stays.
            onError: { target: 'editing', actions: 'keepError' },
          },
        },
      },
    },
    confirmingDelete: {
      invoke: {
        src: 'confirmDelete',
        input: ({ context }) => ({ name: findSaved(context, context.target)?.name ?? '' }),
        onDone: [{ guard: 'isConfirmed', target: 'deleting' }, { target: 'idle' }],
        onError: { target: 'idle' },
      },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        src: 'deleteQuery',
        input: ({ context }) => ({ code: context.code, id: context.target ?? 0 }),
        onDone: { target: 'idle', actions: 'keepSaved' },
        onError: { target: 'idle', actions: 'keepError' },
      },
    },
    togglingDefault: {
      tags: ['busy'],
      invoke: {
        src: 'saveQuery',
        // savedBefore holds the flag as it was: a default clicked again is unset (2), another set (3).
        input: ({ context }) => ({
          code: context.code,
          operationType: context.savedBefore.find((q) => q.id === context.target)?.defaultFlag === SAVED_QUERY_DEFAULT ? (2 as const) : (3 as const),
          id: context.target ?? 0,
        }),
        onDone: { target: 'idle', actions: 'keepSaved' },
        onError: { target: 'idle', actions: ['restoreSaved', 'keepError'] },
      },
    },
    ordering: {
      on: {
        'ORDER.MOVE': { actions: 'moveInDraft' },
        'ORDER.RESET': { actions: 'resetOrderDraft' },
        'ORDER.SAVE': { target: 'savingOrder' },
        'ORDER.CANCEL': { target: 'idle', actions: 'dropOrderDraft' },
      },
    },
    savingOrder: {
      tags: ['busy'],
      invoke: {
        src: 'saveOrder',
        input: ({ context }) => ({ code: context.code, formItemsOrder: context.orderDraft }),
        onDone: { target: 'idle', actions: 'applyOrderDraft' },
        // The server's msg shows in the popover; the draft stays.
        onError: { target: 'ordering', actions: 'keepError' },
      },
    },
    hiddenDialog: {
      initial: 'editing',
      on: {
        'HIDDEN.EDIT': { actions: 'editHidden' },
        'HIDDEN.CLOSE': { target: 'idle', actions: 'closeHidden' },
      },
      states: {
        editing: {
          on: { 'HIDDEN.SAVE': [{ guard: 'isHiddenRowValid', target: 'saving', actions: 'setHiddenTarget' }, { actions: 'flagHiddenProblem' }] },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            src: 'saveHidden',
            input: ({ context }) => {
              const { label, ...row } = context.hiddenSent!;
              return { code: context.code, hiddenParams: { ...row, ...(label ? { label } : {}) } };
            },
            onDone: { target: 'saved', actions: 'applyHiddenRow' },
            onError: { target: 'failed' },
          },
        },
        // "操作成功!": until the next save.
        saved: {
          on: { 'HIDDEN.SAVE': [{ guard: 'isHiddenRowValid', target: 'saving', actions: 'setHiddenTarget' }, { target: 'editing', actions: 'flagHiddenProblem' }] },
        },
        // "操作失败!": until the next save.
        failed: {
          on: { 'HIDDEN.SAVE': [{ guard: 'isHiddenRowValid', target: 'saving', actions: 'setHiddenTarget' }, { target: 'editing', actions: 'flagHiddenProblem' }] },
        },
      },
    },
  },
});
