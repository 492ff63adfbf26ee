import type { SnapshotFrom } from 'xstate';
import type { WorkbenchLayoutEvent, workbenchLayoutMachine } from './workbench-layout.machine';
import { moveOnAltArrows } from './move-keys';
import { areaMoveTarget, type UserArea, type WorkbenchAreaCode } from '../shared/workbench-areas';

type Snapshot = SnapshotFrom<typeof workbenchLayoutMachine>;
type Send = (event: WorkbenchLayoutEvent) => void;

export type WorkbenchLayoutState = 'loading' | 'ready' | 'fallback' | 'editing' | 'saving' | 'resetting';
export type WorkbenchLayoutTab = 'areas';

/**
 * The home page's customise popover (Zag.js style): the `trigger` beside the greeting, the
 * popover (`getPopoverProps`, spread on Chakra's Popover.Root), an `item` per area (keyboard:
 * Alt+arrows move it), a `move` control per area and direction, a `shown` tick per area, `save`,
 * `cancel`, `reset`; and `shown`, the areas the page lays out, in order. Each prop set carries
 * `data-part` and `data-state`.
 */
export function connectWorkbenchLayout(snapshot: Snapshot, send: Send) {
  const { context } = snapshot;
  const state = snapshot.value as WorkbenchLayoutState;
  const open = state === 'editing' || state === 'saving' || state === 'resetting';
  const busy = state === 'saving' || state === 'resetting';
  const draft = open ? context.draft : context.areas;
  const area = (code: WorkbenchAreaCode) => draft.find((a) => a.areaCode === code);
  const control = (part: string, code: WorkbenchAreaCode) => ({ 'data-part': part, 'data-state': busy ? 'busy' : 'idle', 'data-area': code, disabled: busy });
  const tabs: WorkbenchLayoutTab[] = ['areas'];
  return {
    state,
    open,
    busy,
    tabs,
    /** The areas are known (or known to be unavailable): the page may lay out its panels. */
    ready: state !== 'loading',
    error: context.error,
    /** The areas the page shows, in the user's order (never the draft: the page changes on save). */
    shown: context.areas.filter((a) => a.shown).map((a) => a.areaCode),
    /** The popover's list: every area the portal offers, shown or not. */
    listed: draft as UserArea[],
    /** Busy until the areas are known: the page has panels to come (a reader, or a test, waits for them). */
    getRootProps: () => ({ 'data-part': 'root', 'data-state': state, 'aria-busy': state === 'loading' }),
    getTriggerProps: () => ({ 'data-part': 'trigger', 'data-state': open ? 'open' : 'closed', 'aria-expanded': open, disabled: state === 'loading' }),
    getPopoverProps: () => ({
      open,
      onOpenChange: (details: { open: boolean }) => {
        if (busy) return;
        send(details.open ? { type: 'AREAS.OPEN' } : { type: 'AREAS.CANCEL' });
      },
    }),
    /** A row of the list: focusable; Alt+ArrowUp / Alt+ArrowDown move its area. */
    getItemProps: (code: WorkbenchAreaCode) => ({
      'data-part': 'item',
      'data-state': area(code)?.shown === false ? 'hidden' : 'shown',
      'data-area': code,
      tabIndex: 0,
      onKeyDown: moveOnAltArrows(busy, (by) => send({ type: 'AREAS.MOVE', areaCode: code, by })),
    }),
    getMoveProps: (code: WorkbenchAreaCode, by: -1 | 1) => ({
      ...control('move', code),
      'data-direction': by < 0 ? 'up' : 'down',
      disabled: busy || areaMoveTarget(draft, code, by) === -1,
      onClick: () => send({ type: 'AREAS.MOVE', areaCode: code, by }),
    }),
    /** Ticked: the area is on the user's home page. */
    getShownProps: (code: WorkbenchAreaCode) => ({
      ...control('shown', code),
      checked: area(code)?.shown ?? false,
      onCheckedChange: (details: { checked: boolean | 'indeterminate' }) => send({ type: 'AREAS.SHOW', areaCode: code, shown: details.checked === true }),
    }),
    getSaveProps: () => ({ 'data-part': 'save', 'data-state': busy ? 'busy' : 'idle', disabled: busy, loading: state === 'saving', onClick: () => send({ type: 'AREAS.SAVE' }) }),
    getCancelProps: () => ({ 'data-part': 'cancel', 'data-state': busy ? 'busy' : 'idle', disabled: busy, onClick: () => send({ type: 'AREAS.CANCEL' }) }),
    getResetProps: () => ({ 'data-part': 'reset', 'data-state': busy ? 'busy' : 'idle', disabled: busy, loading: state === 'resetting', onClick: () => send({ type: 'AREAS.RESET' }) }),
  };
}

export type WorkbenchLayoutApi = ReturnType<typeof connectWorkbenchLayout>;
