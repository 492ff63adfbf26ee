/** A key event as the reorderable lists read it (React's or a test's). */
export interface MoveKeyEvent {
  key: string;
  altKey: boolean;
  preventDefault: () => void;
}

/**
 * A row's keydown in a reorderable list of a settings popover (a form's sections, the home
 * page's areas): Alt+ArrowUp and Alt+ArrowDown move the focused row one place, unless the list
 * is busy saving; any other key is left to the row.
 */
export const moveOnAltArrows = (busy: boolean, move: (by: -1 | 1) => void) => (event: MoveKeyEvent) => {
  if (busy || !event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
  event.preventDefault();
  move(event.key === 'ArrowUp' ? -1 : 1);
};
