import type { SnapshotFrom } from 'xstate';
import { SAVED_QUERY_DEFAULT, SAVED_QUERY_NAME_MAX } from '../shared/constants';
import type { SavedQuery } from '../shared/contract/query-settings';
import { effectiveRequired, valueKeys, type HiddenSetting, type Problem, type QueryField } from '../shared/query-rules';
import { shownFields, type QueryPageEvent, type queryPageMachine } from './query-page.machine';
import { busyButton, busyField } from './form.connect';

type Snapshot = SnapshotFrom<typeof queryPageMachine>;
type Send = (event: QueryPageEvent) => void;

export type QueryPageState =
  | 'starting'
  | 'idle'
  | 'saveDialog.editing'
  | 'saveDialog.saving'
  | 'confirmingDelete'
  | 'deleting'
  | 'togglingDefault'
  | 'ordering'
  | 'savingOrder'
  | 'hiddenDialog.editing'
  | 'hiddenDialog.saving'
  | 'hiddenDialog.saved'
  | 'hiddenDialog.failed';

/** The state as one dotted name (`checking` is transient and never seen). */
export function queryPageState(snapshot: Snapshot): QueryPageState {
  const v = snapshot.value as string | Record<string, unknown>;
  if (typeof v === 'string') return v as QueryPageState;
  const [parent, child] = Object.entries(v)[0]!;
  return (parent === 'starting' ? 'starting' : `${parent}.${String(child)}`) as QueryPageState;
}

export interface ShownField {
  field: QueryField;
  /** The administrators' required setting applied. */
  required: boolean;
  /** The value keys of its inputs (a date's from and to). */
  keys: string[];
}

const isDefault = (q: SavedQuery) => q.defaultFlag === SAVED_QUERY_DEFAULT;

/**
 * The query form's anatomy from the machine's snapshot (Zag.js style): `root`, `form`, each
 * `input`, `search`, `reset`, the saved searches (`saved-item`, `saved-star`,
 * `saved-delete`), the save dialog (`save-trigger`, `save-name`, `save-default`,
 * `save-submit`), the order popover (`order-trigger`, `order-move`, `order-save`,
 * `order-reset`) and the administrators' hidden-field dialog (`hidden-trigger`, one row per
 * field); each with `data-part` and `data-state`. The widget renders them; the logic stays in
 * the machine.
 */
export function connectQueryPage(snapshot: Snapshot, send: Send) {
  const { context } = snapshot;
  const state = queryPageState(snapshot);
  const starting = state === 'starting';
  const busy = snapshot.hasTag('busy');
  const idle = state === 'idle';
  const hiddenOf = (name: string) => context.hidden.find((h) => h.prop === name);
  const fields: ShownField[] = shownFields(context).map((field) => ({ field, required: effectiveRequired(field, hiddenOf(field.name)), keys: valueKeys(field) }));
  const problem = (key: string): Problem | null => context.problems[key] ?? null;
  const saveOpen = state.startsWith('saveDialog');
  const orderOpen = state === 'ordering' || state === 'savingOrder';
  const hiddenOpen = state.startsWith('hiddenDialog');
  const byName = new Map(context.fields.map((f) => [f.name, f]));
  const draftShown = orderOpen ? shownFields({ ...context, order: context.orderDraft }) : [];
  const saving = state === 'saveDialog.saving';

  return {
    state,
    starting,
    busy,
    admin: context.admin,
    /** The shown fields in their order, each with its effective required flag and value keys. */
    fields,
    values: context.values,
    problem,
    lastQuery: context.lastQuery,
    saved: context.saved,
    /** The server's msg of the last refused delete, star or order save. */
    error: context.error,
    /** Which saved search a delete or star is working on. */
    target: context.target,
    getRootProps: () => ({ 'data-part': 'root', 'data-state': state, 'aria-busy': starting || busy }),
    /** Enter in any input submits: the machine decides whether the query runs. */
    getFormProps: () => ({
      'data-part': 'form',
      'data-state': Object.keys(context.problems).length ? 'invalid' : 'valid',
      noValidate: true,
      onSubmit: (e: { preventDefault(): void }) => {
        e.preventDefault();
        send({ type: 'QUERY.SEARCH' });
      },
    }),
    getInputProps: (key: string) => ({
      'data-part': 'input',
      'data-state': problem(key) ? 'invalid' : 'valid',
      name: key,
      value: context.values[key] ?? '',
      disabled: !idle,
      'aria-invalid': problem(key) ? true : undefined,
      onChange: (e: { currentTarget: { value: string } }) => send({ type: 'FIELD.CHANGE', field: key, value: e.currentTarget.value }),
    }),
    /**
     * Search and the saved searches' buttons wait (aria-disabled, a press does nothing) rather than
     * turn disabled while the page is busy, so the keyboard's focus stays on the one pressed
     * (form.connect's busyButton). Search shows the spinner while the page starts.
     */
    getSearchProps: () => ({ 'data-part': 'search', 'data-state': idle ? 'idle' : 'busy', type: 'submit' as const, busy: starting, ...busyButton(!idle) }),
    getResetProps: () => ({ 'data-part': 'reset', 'data-state': idle ? 'idle' : 'busy', type: 'button' as const, disabled: !idle, onClick: () => send({ type: 'QUERY.RESET' }) }),

    // ---- Saved searches ----
    getSavedItemProps: (q: SavedQuery) => ({
      'data-part': 'saved-item',
      'data-state': isDefault(q) ? 'default' : 'normal',
      ...busyButton(!idle, () => send({ type: 'SAVED.APPLY', id: q.id })),
    }),
    getStarProps: (q: SavedQuery) => ({
      'data-part': 'saved-star',
      'data-state': state === 'togglingDefault' && context.target === q.id ? 'busy' : isDefault(q) ? 'on' : 'off',
      'aria-pressed': isDefault(q),
      ...busyButton(!idle, () => send({ type: 'SAVED.TOGGLE_DEFAULT', id: q.id })),
    }),
    getDeleteProps: (q: SavedQuery) => ({
      'data-part': 'saved-delete',
      'data-state': (state === 'confirmingDelete' || state === 'deleting') && context.target === q.id ? 'busy' : 'idle',
      ...busyButton(!idle, () => send({ type: 'SAVED.DELETE', id: q.id })),
    }),
    saveDialog: {
      open: saveOpen,
      saving,
      name: context.saveName,
      isDefault: context.saveDefault,
      /** A message key of the `query` module: `query.save.<problem>`. */
      problem: context.saveProblem,
      /** The server's refusal, as its msg. */
      error: saveOpen ? context.error : null,
    },
    getSaveTriggerProps: () => ({ 'data-part': 'save-trigger', 'data-state': saveOpen ? 'open' : 'closed', type: 'button' as const, disabled: !idle, onClick: () => send({ type: 'SAVED.OPEN' }) }),
    /** Spread on Chakra's Dialog.Root. */
    getSaveDialogProps: () => ({ open: saveOpen, onOpenChange: (d: { open: boolean }) => !d.open && !saving && send({ type: 'SAVED.CANCEL' }) }),
    getSaveNameProps: (maxLength: number) => ({
      'data-part': 'save-name',
      'data-state': context.saveProblem === 'nameRequired' || context.saveProblem === 'nameTooLong' ? 'invalid' : 'valid',
      value: context.saveName,
      maxLength,
      // Read-only, not disabled, while saving: the focus stays here when Enter was pressed here.
      ...busyField(saving),
      'aria-invalid': context.saveProblem === 'nameRequired' || context.saveProblem === 'nameTooLong' ? true : undefined,
      onChange: (e: { currentTarget: { value: string } }) => send({ type: 'SAVED.NAME', value: e.currentTarget.value }),
    }),
    nameMax: SAVED_QUERY_NAME_MAX,
    getSaveDefaultProps: () => ({ 'data-part': 'save-default', checked: context.saveDefault, disabled: saving, onCheckedChange: (d: { checked: boolean | 'indeterminate' }) => send({ type: 'SAVED.DEFAULT', value: d.checked === true }) }),
    /** Busy (spinner, aria-disabled), never disabled, while saving; the form's submit sends. */
    getSaveSubmitProps: () => ({ 'data-part': 'save-submit', 'data-state': saving ? 'busy' : 'idle', type: 'submit' as const, busy: saving, ...busyButton(saving) }),
    getSaveFormProps: () => ({
      noValidate: true,
      onSubmit: (e: { preventDefault(): void }) => {
        e.preventDefault();
        send({ type: 'SAVED.SUBMIT' });
      },
    }),
    getSaveCancelProps: () => ({ 'data-part': 'save-cancel', type: 'button' as const, ...busyButton(saving, () => send({ type: 'SAVED.CANCEL' })) }),

    // ---- Field order (settings popover, order tab) ----
    order: {
      open: orderOpen,
      saving: state === 'savingOrder',
      /** The shown fields in the draft's order. */
      draft: draftShown,
      error: orderOpen ? context.error : null,
    },
    /** Spread on Chakra's Popover.Root. */
    getOrderPopoverProps: () => ({
      open: orderOpen,
      onOpenChange: (d: { open: boolean }) => {
        if (d.open && idle) send({ type: 'ORDER.OPEN' });
        else if (!d.open && state === 'ordering') send({ type: 'ORDER.CANCEL' });
      },
    }),
    getOrderTriggerProps: () => ({ 'data-part': 'order-trigger', 'data-state': orderOpen ? 'open' : 'closed', disabled: !idle && !orderOpen }),
    getMoveProps: (name: string, by: -1 | 1) => {
      const at = draftShown.findIndex((f) => f.name === name);
      const edge = by < 0 ? at <= 0 : at >= draftShown.length - 1;
      return { 'data-part': 'order-move', 'data-state': edge ? 'edge' : 'idle', type: 'button' as const, disabled: state !== 'ordering' || edge, onClick: () => send({ type: 'ORDER.MOVE', name, by }) };
    },
    /** Busy (spinner, aria-disabled), not disabled, while the order is saved: the focus stays on it. */
    getOrderSaveProps: () => ({ 'data-part': 'order-save', 'data-state': state === 'savingOrder' ? 'busy' : 'idle', busy: state === 'savingOrder', ...busyButton(state !== 'ordering', () => send({ type: 'ORDER.SAVE' })) }),
    getOrderResetProps: () => ({ 'data-part': 'order-reset', disabled: state !== 'ordering', onClick: () => send({ type: 'ORDER.RESET' }) }),
    getOrderCancelProps: () => ({ 'data-part': 'order-cancel', disabled: state !== 'ordering', onClick: () => send({ type: 'ORDER.CANCEL' }) }),

    // ---- Hidden fields (administrators) ----
    hidden: {
      open: hiddenOpen,
      saving: state === 'hiddenDialog.saving',
      /** 'saved' shows "操作成功!", 'failed' "操作失败!" (widgets §7, §8). */
      notice: state === 'hiddenDialog.saved' ? ('saved' as const) : state === 'hiddenDialog.failed' ? ('failed' as const) : null,
      /** One row per field of the page, in the order laid out. */
      rows: hiddenOpen ? context.order.map((n) => context.hiddenDraft[n]).filter((r): r is HiddenSetting => !!r).map((row) => ({ row, field: byName.get(row.prop)! })) : [],
      target: context.hiddenTarget,
    },
    /** Null for staff: they never see the administrators' settings. */
    getHiddenTriggerProps: () => (context.admin ? { 'data-part': 'hidden-trigger', 'data-state': hiddenOpen ? 'open' : 'closed', type: 'button' as const, disabled: !idle, onClick: () => send({ type: 'HIDDEN.OPEN' }) } : null),
    getHiddenDialogProps: () => ({ open: hiddenOpen, onOpenChange: (d: { open: boolean }) => !d.open && send({ type: 'HIDDEN.CLOSE' }) }),
    getHiddenShowProps: (prop: string) => ({
      'data-part': 'hidden-show',
      checked: context.hiddenDraft[prop]?.showOrHide ?? true,
      disabled: state === 'hiddenDialog.saving',
      onCheckedChange: (d: { checked: boolean | 'indeterminate' }) => send({ type: 'HIDDEN.EDIT', prop, patch: { showOrHide: d.checked === true } }),
    }),
    getHiddenDefaultProps: (prop: string) => ({
      'data-part': 'hidden-default',
      'data-state': context.hiddenProblems[prop] ? 'invalid' : 'valid',
      value: context.hiddenDraft[prop]?.defaultVal ?? '',
      disabled: state === 'hiddenDialog.saving',
      'aria-invalid': context.hiddenProblems[prop] ? true : undefined,
      onChange: (e: { currentTarget: { value: string } }) => send({ type: 'HIDDEN.EDIT', prop, patch: { defaultVal: e.currentTarget.value } }),
    }),
    /** Message key of a row's problem (`query.hidden.badJson`), or null. */
    hiddenProblem: (prop: string) => (context.hiddenProblems[prop] ? `query.hidden.${context.hiddenProblems[prop]}` : null),
    getHiddenRequiredProps: (prop: string) => ({
      'data-part': 'hidden-required',
      value: String(context.hiddenDraft[prop]?.required ?? 1),
      disabled: state === 'hiddenDialog.saving',
      onChange: (e: { currentTarget: { value: string } }) => send({ type: 'HIDDEN.EDIT', prop, patch: { required: Number(e.currentTarget.value) } }),
    }),
    getHiddenSaveProps: (prop: string) => ({
      'data-part': 'hidden-save',
      'data-state': state === 'hiddenDialog.saving' && context.hiddenTarget === prop ? 'busy' : 'idle',
      // Busy (the pressed row's with the spinner), not disabled, while a row is saved.
      busy: state === 'hiddenDialog.saving' && context.hiddenTarget === prop,
      ...busyButton(state === 'hiddenDialog.saving', () => send({ type: 'HIDDEN.SAVE', prop })),
    }),
  };
}

export type QueryPageApi = ReturnType<typeof connectQueryPage>;
