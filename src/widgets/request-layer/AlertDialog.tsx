import type { ReactNode } from 'react';
import { Dialog, Portal } from '@chakra-ui/react';

/**
 * The frame the request layer's questions share (401 prompt, 412 confirmation, delete):
 * centred, role alertdialog, closed only through its own buttons unless `onDismiss` is given.
 */
export function AlertDialog({
  open,
  testId,
  title,
  children,
  footer,
  onDismiss,
  initialFocusEl,
}: {
  open: boolean;
  testId: string;
  title: string;
  children: ReactNode;
  footer: ReactNode;
  onDismiss?: () => void;
  /** Where the keyboard starts (else the first control). */
  initialFocusEl?: () => HTMLElement | null;
}) {
  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      placement="center"
      closeOnInteractOutside={false}
      closeOnEscape={onDismiss !== undefined}
      onOpenChange={(e) => !e.open && onDismiss?.()}
      initialFocusEl={initialFocusEl}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>{footer}</Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
