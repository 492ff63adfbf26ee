import type { SnapshotFrom } from 'xstate';
import { listedFor, type SectionOrderEvent, type sectionOrderMachine } from './section-order.machine';
import { moveOnAltArrows } from './move-keys';
import { sectionMoveTarget, visibleSections, type SectionState } from '../shared/section-order';

type Snapshot = SnapshotFrom<typeof sectionOrderMachine>;
type Send = (event: SectionOrderEvent) => void;

export type SectionOrderState = 'loading' | 'ready' | 'fallback' | 'editing' | 'saving';
export type SectionOrderTab = 'order' | 'hidden';

/**
 * The section order's anatomy (Zag.js style): the form header's `trigger`, the popover
 * (`getPopoverProps`, spread on Chakra's Popover.Root), its tabs (`hidden` for administrators
 * only), an `item` per listed section (keyboard: Alt+arrows move it), a `move` control per
 * section and direction, a `hidden` tick per section, `save`, `cancel`, `reset`; and `order`,
 * the visible section names in the order the form lays them out. Each prop set carries
 * `data-part` and `data-state`.
 */
export function connectSectionOrder(snapshot: Snapshot, send: Send) {
  const { context } = snapshot;
  const state = (typeof snapshot.value === 'string' ? snapshot.value : 'loading') as SectionOrderState;
  const open = state === 'editing' || state === 'saving';
  const saving = state === 'saving';
  const listedIn = listedFor(context.admin);
  const draft = open ? context.draft : context.sections;
  const section = (name: string) => draft.find((s) => s.name === name);
  const control = (part: string, name: string) => ({ 'data-part': part, 'data-state': saving ? 'busy' : 'idle', 'data-name': name, disabled: saving });
  const tabs: SectionOrderTab[] = context.admin ? ['order', 'hidden'] : ['order'];
  return {
    state,
    open,
    saving,
    /** The saved order is known (or known to be unavailable): the form may lay out for good. */
    ready: state !== 'loading',
    admin: context.admin,
    tabs,
    /** The server's msg of a refused save. */
    error: context.error,
    /** The visible section names in the form's order (outside the popover's draft). */
    order: visibleSections(context.sections),
    /** The popover's list: every section for an administrator, the visible ones for staff. */
    listed: draft.filter(listedIn) as SectionState[],
    /** Every section, for the hidden tab. */
    all: draft,
    getRootProps: () => ({ 'data-part': 'root', 'data-state': state }),
    getTriggerProps: () => ({
      'data-part': 'trigger',
      'data-state': open ? 'open' : 'closed',
      'aria-expanded': open,
      disabled: state === 'loading',
    }),
    getPopoverProps: () => ({
      open,
      onOpenChange: (details: { open: boolean }) => send(details.open ? { type: 'SECTIONS.OPEN' } : { type: 'SECTIONS.CANCEL' }),
    }),
    /** A row of the order tab: focusable; Alt+ArrowUp / Alt+ArrowDown move its section. */
    getItemProps: (name: string) => ({
      'data-part': 'item',
      'data-state': section(name)?.exist === false ? 'hidden' : 'shown',
      'data-name': name,
      tabIndex: 0,
      onKeyDown: moveOnAltArrows(saving, (by) => send({ type: 'SECTIONS.MOVE', name, by })),
    }),
    getMoveProps: (name: string, by: -1 | 1) => ({
      ...control('move', name),
      'data-direction': by < 0 ? 'up' : 'down',
      disabled: saving || sectionMoveTarget(draft, name, by, listedIn) === -1,
      onClick: () => send({ type: 'SECTIONS.MOVE', name, by }),
    }),
    /** The hidden tab's tick: ticked means hidden for everyone (administrators only). */
    getHiddenProps: (name: string) => ({
      ...control('hidden', name),
      disabled: saving || !context.admin,
      checked: !(section(name)?.exist ?? true),
      onCheckedChange: (details: { checked: boolean | 'indeterminate' }) => send({ type: 'SECTIONS.EXIST', name, exist: details.checked !== true }),
    }),
    getSaveProps: () => ({ 'data-part': 'save', 'data-state': saving ? 'busy' : 'idle', disabled: saving, loading: saving, onClick: () => send({ type: 'SECTIONS.SAVE' }) }),
    getCancelProps: () => ({ 'data-part': 'cancel', 'data-state': saving ? 'busy' : 'idle', disabled: saving, onClick: () => send({ type: 'SECTIONS.CANCEL' }) }),
    getResetProps: () => ({ 'data-part': 'reset', 'data-state': saving ? 'busy' : 'idle', disabled: saving, onClick: () => send({ type: 'SECTIONS.RESET' }) }),
  };
}

export type SectionOrderApi = ReturnType<typeof connectSectionOrder>;
