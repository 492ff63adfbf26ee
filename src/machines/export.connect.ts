import type { SnapshotFrom } from 'xstate';
import { EXPORT_TYPE_ALL } from '../shared/constants';
import { allDataAllowed, exportNeedsConfirm, missingExportFields, type ExportEvent, type ExportField, type exportMachine } from './export.machine';
import { busyButton, busyField } from './form.connect';

type Snapshot = SnapshotFrom<typeof exportMachine>;

export type ExportState = 'closed' | 'idle' | 'incomplete' | 'forbidden' | 'failed' | 'confirming' | 'checking' | 'exporting';

/** The state's leaf name: `editing.failed` is `failed`. */
function leafOf(value: Snapshot['value']): ExportState {
  if (typeof value === 'string') return value as ExportState;
  return (Object.values(value)[0] ?? 'idle') as ExportState;
}

/**
 * The export dialog's anatomy (Zag.js style): `dialog` (spread on Chakra's Dialog.Root), the
 * fields `file-name`, `file-type`, `scope`, `columns` (with `column` and `all-columns`), and the
 * buttons `request`, `confirm`, `back` and `close`, each with `data-part` and `data-state`.
 * Which fields say "required" and which scope options are off come from here.
 */
export function connectExport(snapshot: Snapshot, send: (event: ExportEvent) => void) {
  const state = leafOf(snapshot.value);
  const busy = snapshot.hasTag('busy');
  const { fileName, fileType, scope, columns, options, total, error } = snapshot.context;
  const part = (name: string) => ({ 'data-part': name, 'data-state': state });
  const missing = new Set<ExportField>(state === 'incomplete' ? missingExportFields(snapshot.context) : []);
  const chosen = new Set(columns);
  const locked = state !== 'idle' && state !== 'incomplete' && state !== 'forbidden' && state !== 'failed';
  // A confirmed export is sent from the confirmation step: its buttons stay (the pressed one busy)
  // until the answer, so the keyboard's focus stays on the confirm it pressed.
  const confirmStep = state === 'confirming' || (busy && exportNeedsConfirm(total));
  return {
    state,
    busy,
    open: state !== 'closed',
    total,
    /** The server's refusal or the hook's failure; null otherwise. */
    error: state === 'failed' ? error : null,
    /** The query holds too many rows to export at all. */
    forbidden: state === 'forbidden',
    confirming: state === 'confirming',
    /** Whether a field is said to be required (only after a request with it missing). */
    isMissing: (field: ExportField) => missing.has(field),
    getDialogProps: () => ({
      ...part('dialog'),
      open: state !== 'closed',
      onOpenChange: (details: { open: boolean }) => {
        if (!details.open) send({ type: 'DIALOG.CLOSE' });
      },
    }),
    getFileNameProps: () => ({
      ...part('file-name'),
      // No maxLength: the browser would cut a pasted name before its forbidden characters are
      // stripped, losing characters the rule keeps; the machine cuts after stripping.
      value: fileName,
      // Read-only, not disabled, once asked for: the focus stays here when Enter was pressed here.
      ...busyField(locked),
      onChange: (e: { currentTarget: { value: string } }) => send({ type: 'NAME.CHANGE', value: e.currentTarget.value }),
    }),
    getFileTypeProps: () => ({ ...part('file-type'), value: fileType, disabled: locked, onChange: (e: { currentTarget: { value: string } }) => send({ type: 'TYPE.CHANGE', value: e.currentTarget.value }) }),
    getScopeProps: () => ({ ...part('scope'), value: scope, disabled: locked, onValueChange: (details: { value: string | null }) => send({ type: 'SCOPE.CHANGE', value: details.value ?? '' }) }),
    /** One scope option: "all data" is off above the confirmation threshold. */
    getScopeOptionProps: (value: string) => ({ 'data-part': 'scope-option', 'data-state': value === scope ? 'checked' : 'unchecked', value, disabled: locked || (value === EXPORT_TYPE_ALL && !allDataAllowed(total)) }),
    columns: options.map((c) => ({ ...c, checked: chosen.has(c.field) })),
    getColumnProps: (field: string) => ({
      'data-part': 'column',
      'data-state': chosen.has(field) ? 'checked' : 'unchecked',
      checked: chosen.has(field),
      disabled: locked,
      onCheckedChange: () => send({ type: 'COLUMN.TOGGLE', field }),
    }),
    getAllColumnsProps: () => ({
      'data-part': 'all-columns',
      'data-state': chosen.size === options.length && options.length > 0 ? 'checked' : chosen.size === 0 ? 'unchecked' : 'indeterminate',
      checked: chosen.size === options.length && options.length > 0 ? true : chosen.size === 0 ? false : ('indeterminate' as const),
      disabled: locked,
      onCheckedChange: (details: { checked: boolean | 'indeterminate' }) => send({ type: 'COLUMNS.ALL', checked: details.checked === true }),
    }),
    /** Request, confirm, back and close are busy (aria-disabled, the pressed one with the spinner), never disabled, while the export is checked and made. */
    getRequestProps: () => ({ ...part('request'), hidden: confirmStep, busy: busy && !confirmStep, ...busyButton(locked, () => send({ type: 'EXPORT.REQUEST' })) }),
    getConfirmProps: () => ({ ...part('confirm'), hidden: !confirmStep, busy: busy && confirmStep, ...busyButton(busy, () => send({ type: 'EXPORT.CONFIRM' })) }),
    getBackProps: () => ({ ...part('back'), hidden: !confirmStep, ...busyButton(busy, () => send({ type: 'EXPORT.BACK' })) }),
    getCloseProps: () => ({ ...part('close'), ...busyButton(busy, () => send({ type: 'DIALOG.CLOSE' })) }),
  };
}

export type ExportApi = ReturnType<typeof connectExport>;
