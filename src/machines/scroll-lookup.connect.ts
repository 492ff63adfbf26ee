import type { SnapshotFrom } from 'xstate';
import { SELECT_SCROLL_HEIGHT } from '../shared/constants';
import type { ScrollItem, ScrollLookupEvent, scrollLookupMachine } from './scroll-lookup.machine';

type Snapshot = SnapshotFrom<typeof scrollLookupMachine>;
type Send = (event: ScrollLookupEvent) => void;

export type ScrollLookupState = 'idle' | 'debouncing' | 'loading' | 'more' | 'loadingMore' | 'moreFailed' | 'complete' | 'empty' | 'failed';

/** How close to the bottom (px) the list counts as scrolled to its end. */
export const SCROLL_END_THRESHOLD = 24;

/**
 * A scroll dropdown's anatomy (Zag.js style) from the machine's snapshot: `root`, `input`,
 * `list` (SELECT_SCROLL_HEIGHT high, asks for the next page near its end), one `item` per row,
 * `status` (loading, the end of the list, nothing found, a failure) and `retry`, each with
 * `data-part` and `data-state`. The widget spreads them on Chakra's Combobox parts.
 */
export function connectScrollLookup(snapshot: Snapshot, send: Send) {
  const { context } = snapshot;
  const state = snapshot.value as ScrollLookupState;
  const busy = snapshot.hasTag('busy');
  const status = state === 'failed' || state === 'moreFailed' ? 'error' : busy ? 'loading' : state === 'complete' ? 'end' : state === 'empty' ? 'empty' : state === 'more' ? 'more' : 'idle';
  const scrollEnd = () => {
    if (state === 'more' || state === 'moreFailed') send({ type: 'SCROLL.END' });
  };
  return {
    state,
    busy,
    items: context.rows,
    total: context.total,
    selected: context.selected,
    inputValue: context.inputValue,
    error: context.error,
    /** More rows wait on the server (§4: pages × page size below the total). */
    hasMore: state === 'more' || state === 'loadingMore' || state === 'moreFailed',
    /** What the status line says: 'loading', 'end', 'empty', 'error', or nothing. */
    status,
    open: () => send({ type: 'LOOKUP.OPEN' }),
    close: () => send({ type: 'LOOKUP.CLOSE' }),
    type: (value: string) => send({ type: 'INPUT.CHANGE', value }),
    select: (item: ScrollItem) => send({ type: 'ITEM.SELECT', item }),
    clear: () => send({ type: 'VALUE.CLEAR' }),
    setValue: (item: ScrollItem | null) => send({ type: 'VALUE.SET', item }),
    reset: (params: Record<string, string>) => send({ type: 'LOOKUP.RESET', params }),
    /** The keyboard reached the last row listed: the same as scrolling to the end. */
    highlight: (value: string | null) => {
      if (value !== null && context.rows.at(-1)?.value === value) scrollEnd();
    },
    getRootProps: () => ({ 'data-part': 'root', 'data-state': state, 'aria-busy': busy }),
    getInputProps: () => ({ 'data-part': 'input', 'data-state': context.selected ? 'selected' : 'empty' }),
    getListProps: () => ({
      'data-part': 'list',
      'data-state': status,
      maxHeight: `${SELECT_SCROLL_HEIGHT}px`,
      onScroll: (e: { currentTarget: { scrollTop: number; clientHeight: number; scrollHeight: number } }) => {
        const el = e.currentTarget;
        if (el.scrollTop + el.clientHeight >= el.scrollHeight - SCROLL_END_THRESHOLD) scrollEnd();
      },
    }),
    getItemProps: (item: ScrollItem) => ({ 'data-part': 'item', 'data-value': item.value, 'data-state': context.selected?.value === item.value ? 'selected' : 'idle' }),
    getStatusProps: () => ({ 'data-part': 'status', 'data-state': status, role: status === 'error' ? 'alert' : 'status' }),
    getRetryProps: () => ({ 'data-part': 'retry', 'data-state': state, onClick: () => send({ type: 'LOOKUP.RETRY' }) }),
  };
}

export type ScrollLookupApi = ReturnType<typeof connectScrollLookup>;
