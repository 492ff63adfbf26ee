import type { MouseEvent, Ref } from 'react';
import { Button, Loader, type ButtonProps } from '@chakra-ui/react';

export interface BusyButtonProps extends Omit<ButtonProps, 'loading'> {
  /** Its request runs: the spinner (and `loadingText`) in place of the label, and pressing does nothing. */
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * Chakra's Button with the look of its `loading`, but busy rather than disabled, so it keeps the
 * keyboard's focus while the request runs (the pattern: busyButton in machines/form.connect.ts).
 * An aria-disabled button, busy or not, ignores a press, a submit button's included.
 */
export function BusyButton({ busy = false, loadingText, children, onClick, ...rest }: BusyButtonProps) {
  const inert = busy || rest['aria-disabled'] === true || rest['aria-disabled'] === 'true';
  return (
    <Button
      {...rest}
      aria-disabled={inert || undefined}
      data-loading={busy ? '' : undefined}
      onClick={(e: MouseEvent<HTMLButtonElement>) => {
        if (inert) e.preventDefault();
        else onClick?.(e);
      }}
    >
      <Loader visible={busy} text={loadingText}>
        {children}
      </Loader>
    </Button>
  );
}
