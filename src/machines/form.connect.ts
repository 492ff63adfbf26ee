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
