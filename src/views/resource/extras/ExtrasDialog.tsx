import type { ReactNode } from 'react';
import { Button, CloseButton, Dialog, Portal, Stack, Text, type DialogContentProps } from '@chakra-ui/react';

/**
 * The frame of a row's administration dialog (a dictionary's values, a structure's tree): the
 * title, a line saying what the dialog is for, the body, and the close button in the footer
 * and the corner. Closing by Escape, the backdrop or either button calls `onClose`.
 */
export function ExtrasDialog({ title, explain, closeLabel, onClose, size = 'lg', testId, contentProps, children }: {
  title: string;
  explain: string;
  closeLabel: string;
  onClose: () => void;
  size?: 'lg' | 'xl';
  testId: string;
  contentProps?: DialogContentProps;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && onClose()} size={size} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId} {...contentProps}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text fontSize="sm" color="fg.muted">{explain}</Text>
                {children}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button size="sm" variant="outline" onClick={onClose}>{closeLabel}</Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
