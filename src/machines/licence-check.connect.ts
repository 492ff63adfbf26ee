import type { SnapshotFrom } from 'xstate';
import { textProblem, type LicenceCheckEvent, type licenceCheckMachine } from './licence-check.machine';
import { busyButton, busyField } from './form.connect';

type Snapshot = SnapshotFrom<typeof licenceCheckMachine>;

export type LicenceCheckState = 'closed' | 'editing' | 'reading' | 'checking' | 'checked' | 'failed';

/**
 * How an answer reads at a glance: `good` (valid, and held in force by the register), `warn`
 * (genuine, but not usable today or withdrawn from the register), `bad` (not this deployment's
 * licence, or not a licence at all).
 */
export type LicenceVerdict = 'good' | 'warn' | 'bad';

/**
 * The licence check dialog's anatomy (Zag.js style): `dialog` (spread on Chakra's Dialog.Root),
 * `text` (the file's text), `file` (a hidden file input the `open` button clicks), the buttons
 * `check`, `retry` and `close`, and `result`; each with `data-part` and `data-state`.
 */
export function connectLicenceCheck(snapshot: Snapshot, send: (event: LicenceCheckEvent) => void) {
  const state = snapshot.value as LicenceCheckState;
  const busy = snapshot.hasTag('busy');
  const { text, answer, error } = snapshot.context;
  const problem = textProblem(text);
  const verdict: LicenceVerdict | null = !answer
    ? null
    : answer.status === 'valid' && answer.register === 'enabled'
      ? 'good'
      : answer.status === 'valid' || answer.status === 'expired' || answer.status === 'notYetValid'
        ? 'warn'
        : 'bad';
  const part = (name: string) => ({ 'data-part': name, 'data-state': state });
  return {
    state,
    busy,
    open: state !== 'closed',
    answer: state === 'checked' ? answer : null,
    verdict: state === 'checked' ? verdict : null,
    error,
    /** Too long to be a licence: said under the field (the server refuses it too). */
    tooLong: problem === 'tooLong',
    getDialogProps: () => ({
      ...part('dialog'),
      open: state !== 'closed',
      onOpenChange: (details: { open: boolean }) => {
        if (!details.open) send({ type: 'DIALOG.CLOSE' });
      },
    }),
    getTextProps: () => ({
      ...part('text'),
      value: text,
      ...busyField(busy),
      'aria-invalid': problem === 'tooLong' || undefined,
      onChange: (e: { currentTarget: { value: string } }) => send({ type: 'TEXT.CHANGE', value: e.currentTarget.value }),
    }),
    getFileProps: () => ({
      ...part('file'),
      type: 'file' as const,
      accept: '.lic,.txt,text/plain',
      hidden: true,
      onChange: (e: { currentTarget: { files: FileList | null; value: string } }) => {
        const file = e.currentTarget.files?.[0];
        // Emptied, so that choosing the same file again is a change too.
        e.currentTarget.value = '';
        if (file) send({ type: 'FILE.CHOOSE', file });
      },
    }),
    /** The button that opens the file picker (`openPicker` clicks the hidden file input). */
    getOpenProps: (openPicker: () => void) => ({ ...part('open'), ...busyButton(busy, openPicker) }),
    /** Busy (spinner, aria-disabled), not disabled, while checking: the focus stays on it. */
    getCheckProps: () => ({ ...part('check'), hidden: state === 'failed', busy: state === 'checking', disabled: !busy && problem !== null, ...busyButton(busy, () => send({ type: 'CHECK.REQUEST' })) }),
    getRetryProps: () => ({ ...part('retry'), hidden: state !== 'failed', onClick: () => send({ type: 'CHECK.RETRY' }) }),
    getCloseProps: () => ({ ...part('close'), onClick: () => send({ type: 'DIALOG.CLOSE' }) }),
    getResultProps: () => ({ ...part('result'), 'data-verdict': verdict ?? undefined, role: 'status' as const }),
  };
}

export type LicenceCheckApi = ReturnType<typeof connectLicenceCheck>;
