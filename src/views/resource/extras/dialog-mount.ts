import { useEffect, useRef } from 'react';

/**
 * A row's dialog is mounted only while the user works with it (a page of 500 rows keeps no 500
 * idle actors): on mount its machine is told DIALOG.OPEN; once the machine is back in `closed`
 * the row unmounts it (`onClosed`).
 */
export function useMountedDialog(closed: boolean, open: () => void, onClosed: () => void): void {
  const opened = useRef(false);
  useEffect(() => {
    open();
  }, [open]);
  useEffect(() => {
    if (!closed) opened.current = true;
    else if (opened.current) onClosed();
  }, [closed, onClosed]);
}
