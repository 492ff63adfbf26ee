import { createToaster, Portal, Stack, Toast, Toaster } from '@chakra-ui/react';

/** The page's one toaster: request errors, delete-cancelled and export tips land here. */
export const toaster = createToaster({ placement: 'top', pauseOnPageIdle: true, max: 5 });

export function ToastViewport() {
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid="toast" data-type={toast.type}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            <Toast.CloseTrigger />
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
