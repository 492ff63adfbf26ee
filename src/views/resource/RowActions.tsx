import { useEffect, useLayoutEffect, useRef } from 'react';
import { HStack, Menu, Portal } from '@chakra-ui/react';
import { RowButton } from '../../widgets/table';
import type { ResourceDef } from '../../resources/define';
import { allowedRecordEvents, type StoredRecordState } from '../../machines/record-lifecycle.machine';
import type { RecordEventType } from '../../shared/record';
import { useI18n } from '../../services/i18n/react';
import type { ResourceRow } from '../../services/api/resources';
import type { Display } from '../../shared/function-display';

/** What the page does for a row: open its form, or run a call of the family (after a question or a review dialog). */
export type RowIntent = { kind: 'view' | 'edit' | 'review'; row: ResourceRow } | { kind: 'call'; row: ResourceRow; call: string; confirm?: boolean };

/**
 * The lifecycle steps a row's buttons offer, in order: each allowed now by the record-lifecycle
 * machine (the same the server runs), so no button leads to a refusal. Review stands for its
 * three decisions; the start/stop family shows its own words.
 */
const BUTTONS: Array<{ event: RecordEventType; intent: (row: ResourceRow) => RowIntent; label: string; startStop?: string }> = [
  { event: 'RECORD.UPDATE', intent: (row) => ({ kind: 'edit', row }), label: 'edit' },
  { event: 'RECORD.SUBMIT', intent: (row) => ({ kind: 'call', row, call: 'submit' }), label: 'submit' },
  { event: 'RECORD.PASS', intent: (row) => ({ kind: 'review', row }), label: 'review' },
  { event: 'RECORD.ENABLE', intent: (row) => ({ kind: 'call', row, call: 'enable' }), label: 'enable', startStop: 'start' },
  { event: 'RECORD.DISABLE', intent: (row) => ({ kind: 'call', row, call: 'disable', confirm: true }), label: 'disable', startStop: 'stop' },
  { event: 'RECORD.NULLIFY', intent: (row) => ({ kind: 'call', row, call: 'nullify', confirm: true }), label: 'nullify' },
  { event: 'RECORD.DELETE', intent: (row) => ({ kind: 'call', row, call: 'delete', confirm: true }), label: 'delete' },
];

/** The steps an append-only family has no call for. */
const APPEND_ONLY_REFUSES: ReadonlySet<RecordEventType> = new Set(['RECORD.UPDATE', 'RECORD.UPDATE_AND_SUBMIT', 'RECORD.DELETE']);

/** Buttons shown in the row itself (the operation column is 180 px, portal-shell §9); the rest go in its menu. */
export const ROW_BUTTONS_INLINE = 1;

/**
 * `display`: the page's hide-button map entry; a button whose functionDisplay is false is not
 * offered (codes: the labels above, and `view`). `disabled` (the list busy) is aria-disabled on
 * the row's own buttons: a dialog closing gives the focus back to the button that opened it,
 * which a disabled button cannot take.
 */
export function RowActions({ def, row, display, disabled, onIntent, userId }: { def: ResourceDef; row: ResourceRow; display: Display; disabled: boolean; onIntent: (intent: RowIntent) => void; userId: number | null }) {
  const { t } = useI18n();
  // Who submitted a record cannot review it (the server refuses it, 1405): no Review to offer them.
  const own = userId !== null && row.updatedBy === userId;
  const allowed = allowedRecordEvents(def.lifecycle === 'review', { recordState: row.recordState as StoredRecordState['recordState'], enabled: row.enabled }).filter((e) => !(own && e === 'RECORD.PASS'));
  // A read-only family (the operation log) offers its records to view, never a step.
  // An append-only family (the product licences) is never changed or deleted once made.
  const buttons = def.readOnly ? [] : BUTTONS.filter((b) => allowed.includes(b.event) && display.button(b.label) && !(def.appendOnly && APPEND_ONLY_REFUSES.has(b.event)));
  const labelOf = (b: (typeof BUTTONS)[number]) => t(`resource.action.${def.lifecycle === 'start-stop' && b.startStop ? b.startStop : b.label}`);
  const danger = (b: (typeof BUTTONS)[number]) => b.label === 'delete' || b.label === 'nullify';
  const inline = buttons.slice(0, ROW_BUTTONS_INLINE);
  const rest = buttons.slice(ROW_BUTTONS_INLINE);
  const keptFocus = useKeptFocus();
  return (
    <HStack gap="0" wrap="nowrap" data-part="row-actions" {...keptFocus}>
      {display.button('view') && (
        <RowButton aria-disabled={disabled} data-action="view" onClick={() => !disabled && onIntent({ kind: 'view', row })}>
          {t('resource.action.view')}
        </RowButton>
      )}
      {inline.map((b) => (
        <RowButton key={b.event} palette={danger(b) ? 'red' : 'blue'} aria-disabled={disabled} data-action={b.label} onClick={() => !disabled && onIntent(b.intent(row))}>
          {labelOf(b)}
        </RowButton>
      ))}
      {rest.length > 0 && (
        // Its items are drawn only while it is open: rows are drawn as they scroll into view.
        <Menu.Root lazyMount unmountOnExit onSelect={(d) => onIntent(rest.find((b) => b.label === d.value)!.intent(row))}>
          <Menu.Trigger asChild>
            <RowButton part="row-menu" disabled={disabled} aria-label={t('resource.action.more')}>
              ⋯
            </RowButton>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content>
                {rest.map((b) => (
                  <Menu.Item key={b.event} value={b.label} data-action={b.label} color={danger(b) ? 'fg.error' : undefined}>
                    {labelOf(b)}
                  </Menu.Item>
                ))}
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      )}
    </HStack>
  );
}

/** The element is in a menu a trigger of this row controls, or in a modal dialog. */
function stillTheRows(root: HTMLElement | null, element: Element): boolean {
  if (element.closest('[role=dialog][aria-modal=true],[role=alertdialog]')) return true;
  const menu = element.closest('[role=menu]');
  return !!root && !!menu?.id && Array.from(root.querySelectorAll('[aria-controls]')).some((trigger) => trigger.getAttribute('aria-controls') === menu.id);
}

/**
 * A step taken from a row (a review decided, a record submitted) changes which buttons the row
 * offers: the one the keyboard was on, or that a closing dialog gave the focus back to, goes
 * away (or is disabled while the list reloads) and the focus falls to the page. It comes back to
 * the row instead, on its first button that can take it.
 */
function useKeptFocus() {
  const ref = useRef<HTMLDivElement>(null);
  const held = useRef(false);
  // Only the row holding the keyboard listens to the page (rows mount as they scroll in).
  const stopListening = useRef<(() => void) | null>(null);
  const release = () => {
    held.current = false;
    stopListening.current?.();
    stopListening.current = null;
  };
  // A question whose step already reloaded the row closes with no render of the row after it,
  // and with its opener (the row's menu) gone: the focus it drops to the page is caught here.
  // The dialog's own return of the focus goes first (a task later, the page still has it or not).
  const hold = () => {
    held.current = true;
    const root = ref.current;
    if (!root || stopListening.current) return;
    const doc = root.ownerDocument;
    const onFocusOut = (e: FocusEvent) => {
      if (e.relatedTarget) return;
      setTimeout(() => {
        if (held.current && root.isConnected && doc.activeElement === doc.body) root.querySelector<HTMLElement>('button:not([disabled])')?.focus();
      });
    };
    doc.addEventListener('focusout', onFocusOut);
    stopListening.current = () => doc.removeEventListener('focusout', onFocusOut);
  };
  useEffect(() => () => stopListening.current?.(), []);
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root || !held.current) return;
    const active = root.ownerDocument.activeElement;
    if (active && active !== root.ownerDocument.body && (root.contains(active) || stillTheRows(root, active))) return;
    if (active && active !== root.ownerDocument.body) release();
    else root.querySelector<HTMLElement>('button:not([disabled])')?.focus();
  });
  return {
    ref,
    onFocus: hold,
    onBlur: (e: React.FocusEvent) => {
      // Gone somewhere, or left for the page (a click on nothing): not ours to bring back. A
      // button disabled or removed under the focus is still there, enabled, only in the first case.
      // Into the row's own menu (portalled, so outside the row) or a dialog opened over the page
      // (a step's question, a form) it is still the row's: the focus such a dialog gives back can
      // fall to the page (the menu item it came from is gone), and then it comes back here.
      const left = e.target as HTMLButtonElement;
      if (e.relatedTarget && stillTheRows(ref.current, e.relatedTarget as Element)) return;
      if (e.relatedTarget) release();
      else queueMicrotask(() => void (left.isConnected && !left.disabled && release()));
    },
  };
}
