import type { SnapshotFrom } from 'xstate';
import { certOption, type CertificateEvent, type certificateMachine } from './certificate.machine';
import { busyButton } from './form.connect';

type Snapshot = SnapshotFrom<typeof certificateMachine>;

export type CertificateState =
  | 'closed'
  | 'listing'
  | 'choosing'
  | 'empty'
  | 'listFailed'
  | 'signing'
  | 'verifying'
  | 'succeeded'
  | 'requesting'
  | 'done'
  | 'requestFailed'
  | 'redirecting'
  | 'navigating'
  | 'left';

/** The state's leaf name: `open.listing` is `listing`. */
function leafOf(value: Snapshot['value']): CertificateState {
  if (typeof value === 'string') return value as CertificateState;
  return (Object.values(value)[0] ?? 'closed') as CertificateState;
}

/**
 * The certificate selection component's anatomy (Zag.js style): `root` (the dialog in dialog
 * mode, spread on Chakra's Dialog.Root), `select` (the drop-down), `refresh` (the icon),
 * `validate` (the button), `close`, and `status` (loading, empty, failed or the warning), each
 * with `data-part` and `data-state`.
 */
export function connectCertificate(snapshot: Snapshot, send: (event: CertificateEvent) => void) {
  const state = leafOf(snapshot.value);
  const { certificates, selected, listError, warning, mode, multiple } = snapshot.context;
  const loading = snapshot.hasTag('loading');
  const validating = snapshot.hasTag('validating');
  const open = snapshot.matches('open');
  const part = (name: string) => ({ 'data-part': name, 'data-state': state });
  /** Locale key (module certselect) of what the status line says, or null. */
  const statusKey = loading ? 'certselect.loading' : state === 'empty' ? 'certselect.empty' : state === 'listFailed' ? 'certselect.listFailed' : validating ? 'certselect.validating' : null;
  return {
    state,
    mode,
    multiple,
    open,
    loading,
    validating,
    /** The drop-down's options (shell §3: text, and the serial number as value). */
    certificates: certificates.map(certOption),
    selected,
    listError: state === 'listFailed' ? listError : null,
    /** The last validation's failure (shown with comCert.validFail's text). */
    warning,
    statusKey,
    getRootProps: () => ({
      ...part('root'),
      'data-mode': mode,
      'aria-busy': loading || validating,
      open,
      onOpenChange: (details: { open: boolean }) => {
        if (!details.open) send({ type: 'CERT.CLOSE' });
      },
    }),
    getSelectProps: () => ({
      ...part('select'),
      value: selected,
      multiple,
      disabled: loading || validating || certificates.length === 0,
      onValueChange: (values: string[]) => send({ type: 'CERT.SELECT', values }),
    }),
    getRefreshProps: () => ({ ...part('refresh'), disabled: loading || validating, onClick: () => send({ type: 'CERT.REFRESH' }) }),
    /**
     * Busy (spinner, aria-disabled, a press does nothing) while validating, so the focus stays on
     * it; disabled only while there is nothing to validate yet (the list loading, none chosen).
     */
    getValidateProps: () => ({
      ...part('validate'),
      disabled: !validating && (state !== 'choosing' || selected.length === 0),
      busy: validating,
      ...busyButton(validating, () => send({ type: 'CERT.VALIDATE' })),
    }),
    getCloseProps: () => ({ ...part('close'), onClick: () => send({ type: 'CERT.CLOSE' }) }),
    getStatusProps: () => ({ ...part('status'), role: state === 'listFailed' || state === 'empty' ? 'alert' : 'status' }),
    /** The trigger a page uses to open the dialog. */
    getTriggerProps: () => ({ ...part('trigger'), disabled: open || snapshot.hasTag('busy'), onClick: () => send({ type: 'CERT.OPEN' }) }),
  };
}
