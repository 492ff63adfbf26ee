/**
 * The two bindings every form's connect step needs: an input that reports its value as
 * `FIELD.CHANGE`, and a form whose submit goes to the machine instead of the browser (no page
 * reload, no native validation bubbles: the machine decides and the view shows its messages).
 */
export interface FieldChangeEvent<F extends string> {
  type: 'FIELD.CHANGE';
  field: F;
  value: string;
}

export const fieldChange =
  <F extends string>(send: (event: FieldChangeEvent<F>) => void, field: F) =>
  (e: { currentTarget: { value: string } }) =>
    send({ type: 'FIELD.CHANGE', field, value: e.currentTarget.value });

export const submitProps = (submit: () => void) => ({
  noValidate: true,
  onSubmit: (e: { preventDefault(): void }) => {
    e.preventDefault();
    submit();
  },
});

/**
 * Busy, never disabled: the one way a control behaves while its request runs (login, password
 * change, edit forms, the import dialog, the menu's stars). The browser takes the focus away
 * from a control that becomes disabled under it and gives it to the page, so a keyboard user
 * who pressed Enter would start again from the top; Chakra's `loading` sets `disabled` too. So a
 * busy button is aria-disabled (Chakra draws it as disabled, assistive technology says so, it
 * stays focusable) and pressing it does nothing, not even submit its form; a busy text input is
 * readOnly (`busyField`). The machines take no second submit meanwhile anyway. The busy look
 * (the spinner) is widgets/BusyButton's. A view whose outcome removes the control under the
 * focus (a dialog's step ends), or names a field to put right, moves the focus there itself.
 */
export const busyButton = (busy: boolean, onClick?: () => void) => ({
  'aria-disabled': busy || undefined,
  onClick: (e?: { preventDefault(): void }) => {
    if (busy) e?.preventDefault();
    else onClick?.();
  },
});

/** A text input while its form's request runs: see busyButton. */
export const busyField = (busy: boolean) => ({ readOnly: busy });
