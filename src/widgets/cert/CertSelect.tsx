import type { ChangeEvent, ReactNode } from 'react';
import { Alert, Button, CloseButton, Dialog, Field, HStack, IconButton, NativeSelect, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { BusyButton } from '../BusyButton';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { CertFailure, certificateMachine } from '../../machines/certificate.machine';
import { certErrorText } from '../../shared/cert-errors';
import { connectCertificate } from '../../machines/certificate.connect';
import { CERT_DIALOG_MULTI_EXTRA, CERT_DIALOG_WIDTH } from '../../shared/constants';
import { useI18n } from '../../services/i18n/react';

export type CertDialogSize = keyof typeof CERT_DIALOG_WIDTH;

export interface CertSelectProps {
  /** The certificate machine's actor, started by the owner (who provides its effects). */
  actorRef: ActorRefFrom<typeof certificateMachine>;
  /** Dialog width (shell §2): medium 700, small 600, mini 500 px; multi-select adds 300 px. */
  size?: CertDialogSize;
  testId?: string;
}

/** The dialog's width in px for a size, wider when several certificates may be chosen. */
export const certDialogWidth = (size: CertDialogSize, multiple: boolean) => CERT_DIALOG_WIDTH[size] + (multiple ? CERT_DIALOG_MULTI_EXTRA : 0);

/**
 * The certificate selection component (portal-shell §2): in dialog mode a modal with title,
 * tip, label, drop-down, refresh icon and validate button; in page mode only the drop-down
 * with a CA icon, its placeholder and the refresh icon. certificate.machine decides (the list
 * is read on opening, on load in page mode, and on the refresh icon); this only draws it.
 * Its owner loads the locale modules `certselect` and `cert` (the certificate errors).
 */
export function CertSelect({ actorRef, size = 'medium', testId = 'cert-select' }: CertSelectProps) {
  const { t } = useI18n();
  const snapshot = useSelector(actorRef, (s) => s);
  const api = connectCertificate(snapshot, actorRef.send);
  const { getRootProps } = api;
  const { open, onOpenChange, ...rootParts } = getRootProps();
  // A certificate error is said with its own locale message (module `cert`) and hex code.
  const say = (failure: CertFailure | null) => (failure ? (failure.cert ? certErrorText(failure.cert, t) : failure.message) : '');

  const status = api.statusKey ? (
    <HStack {...api.getStatusProps()} data-testid={`${testId}-status`} gap="2" color={api.state === 'empty' || api.state === 'listFailed' ? 'fg.error' : 'fg.muted'} fontSize="sm">
      {api.loading || api.validating ? <Spinner size="xs" /> : null}
      <Text>{t(api.statusKey, { error: say(api.listError) })}</Text>
    </HStack>
  ) : null;
  const warning = api.warning ? (
    <Alert.Root status="warning" size="sm" data-part="warning" data-testid={`${testId}-warning`}>
      <Alert.Indicator />
      <Alert.Title>{t('certselect.validFail', { error: say(api.warning) })}</Alert.Title>
    </Alert.Root>
  ) : null;
  const picker = (
    <HStack gap="2" align="center" w="100%">
      {api.mode === 'page' ? <CaIcon label={t('certselect.caIcon')} /> : null}
      <CertDropDown api={api} placeholder={t('certselect.placeholder')} label={t('certselect.label')} testId={testId} />
      <IconButton
        {...api.getRefreshProps()}
        size="sm"
        variant="outline"
        aria-label={t('certselect.refresh')}
        title={t('certselect.refresh')}
        data-testid={`${testId}-refresh`}
      >
        {/* Two arrows round a circle. */}
        <Icon>
          <path d="M21 12a9 9 0 1 1-2.64-6.36" />
          <path d="M21 3v6h-6" />
        </Icon>
      </IconButton>
    </HStack>
  );

  if (api.mode === 'page')
    return (
      <Stack {...rootParts} gap="1" data-testid={testId}>
        {picker}
        {status}
        {warning}
      </Stack>
    );

  const width = certDialogWidth(size, api.multiple);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange} placement="center" scrollBehavior="inside" lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          {/* The spec's width, but never wider than the screen. */}
          <Dialog.Content {...rootParts} maxW="none" style={{ width: `min(${width}px, calc(100vw - 2rem))` }} data-width={width} data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{t('certselect.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text fontSize="sm" color="fg.muted" data-part="tip">
                  {t('certselect.tip')}
                </Text>
                {warning}
                <Field.Root>
                  <Field.Label>{t('certselect.label')}</Field.Label>
                  {picker}
                </Field.Root>
                {status}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <BusyButton {...api.getValidateProps()} size="sm" colorPalette="blue" data-testid={`${testId}-validate`}>
                {t('certselect.validate')}
              </BusyButton>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('certselect.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

type Api = ReturnType<typeof connectCertificate>;

/** A native select: keyboard and screen readers work as the browser makes them. */
function CertDropDown({ api, placeholder, label, testId }: { api: Api; placeholder: string; label: string; testId: string }) {
  const { onValueChange, value, multiple, disabled, ...parts } = api.getSelectProps();
  const onChange = (e: ChangeEvent<HTMLSelectElement>) =>
    onValueChange(multiple ? Array.from(e.currentTarget.selectedOptions, (o) => o.value).filter(Boolean) : e.currentTarget.value ? [e.currentTarget.value] : []);
  return (
    <NativeSelect.Root size="sm" disabled={disabled} flex="1" minW="0">
      <NativeSelect.Field
        {...parts}
        aria-label={label}
        multiple={multiple}
        value={multiple ? value : (value[0] ?? '')}
        onChange={onChange}
        data-testid={`${testId}-select`}
        h={multiple ? 'auto' : undefined}
      >
        {multiple ? null : <option value="">{placeholder}</option>}
        {api.certificates.map((c) => (
          <option key={c.value} value={c.value}>
            {c.text}
          </option>
        ))}
      </NativeSelect.Field>
      {multiple ? null : <NativeSelect.Indicator />}
    </NativeSelect.Root>
  );
}

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      {children}
    </svg>
  );
}

/** A certificate with its seal, before the page-mode drop-down. */
function CaIcon({ label }: { label: string }) {
  return (
    <span role="img" aria-label={label} data-part="ca-icon" title={label} style={{ display: 'inline-flex' }}>
      <Icon>
        <rect x="3" y="4" width="18" height="13" rx="2" />
        <circle cx="15" cy="14" r="3" />
        <path d="m13.5 16.5-1 4 2.5-1.5 2.5 1.5-1-4" />
        <path d="M7 8h8M7 11h4" />
      </Icon>
    </span>
  );
}
