import { useCallback, useMemo, useRef, useState } from 'react';
import { Button, Dialog, Field, Portal, Stack, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { contract } from '../../../shared/contract';
import { call } from '../../../services/http/call';
import { inspect } from '../../../services/inspector';
import { useI18n } from '../../../services/i18n/react';
import { dataAuthCopyMachine } from '../../../machines/data-auth-copy.machine';
import { connectDataAuthCopy } from '../../../machines/data-auth-copy.connect';
import { ErrorAlert } from '../../../widgets/ErrorAlert';
import { BusyButton } from '../../../widgets/BusyButton';
import { ScrollSelect } from '../../../widgets/scroll-select/ScrollSelect';
import { useLocaleModule } from '../../../services/i18n/use-locale-module';
import { useMountedDialog } from './dialog-mount';
import { useFocusWhenLost } from '../../../widgets/useFocusWhenLost';
import type { ToolbarExtraProps } from './types';

/**
 * The by-user page's "copy grants" (portal-shell §1, §5 "data-auth copy exists";
 * docs/data-auth.md): a dialog where both users are chosen with the user dropdown. Only on the
 * page over every kind: a copy carries every kind of grant, and its call is that page's function.
 */
export function DataAuthToolbar({ view, reload, display }: ToolbarExtraProps) {
  const { t } = useI18n();
  const ready = useLocaleModule('dataauth');
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  if (!ready || (view && Object.keys(view.hidden).length > 0) || !display.button('copy')) return null;
  return (
    <>
      <Button size="sm" variant="outline" data-part="copy-trigger" onClick={() => setOpen(true)}>{t('dataauth.copy.action')}</Button>
      {open && <CopyDialog onClosed={close} onCopied={reload} />}
    </>
  );
}

/**
 * Where the keyboard goes when a copy's step took away the control it was on (by the step
 * reached). A refused copy goes to Change users: most refusals are the users chosen (the target
 * has grants), which Retry would only meet again.
 */
const FOCUS_AFTER: Partial<Record<string, string>> = { editing: 'request', confirming: 'confirm', copying: 'confirm', failed: 'back', done: 'close' };

function CopyDialog({ onClosed, onCopied }: { onClosed: () => void; onCopied: () => void }) {
  const { t } = useI18n();
  const logic = useMemo(
    () =>
      dataAuthCopyMachine.provide({
        actors: { copyGrants: fromPromise(({ input }: { input: { fromUser: string; toUser: string } }) => call(contract.dataAuth.copy, input)) },
        actions: { reportCopied: onCopied },
      }),
    [onCopied],
  );
  const [snapshot, send] = useMachine(logic, { inspect });
  const v = connectDataAuthCopy(snapshot, send);
  useMountedDialog(v.state === 'closed', useCallback(() => send({ type: 'DIALOG.OPEN' }), [send]), onClosed);
  const from = v.getFromProps();
  const to = v.getToProps();
  // Each step hides the button pressed for it (Next, Back, Copy, Retry): the keyboard goes on to
  // the step's own next move instead of the page.
  const content = useRef<HTMLDivElement>(null);
  useFocusWhenLost(content, v.state, (state) => content.current?.querySelector<HTMLElement>(`[data-part="${FOCUS_AFTER[state] ?? 'close'}"]`));
  return (
    <Dialog.Root {...v.getDialogProps()} closeOnInteractOutside={false}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content ref={content} data-testid="data-auth-copy" data-state={v.state}>
            <Dialog.Header>
              <Dialog.Title>{t('dataauth.copy.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text fontSize="sm" color="fg.muted">{t('dataauth.copy.explain')}</Text>
                <Field.Root invalid={v.same}>
                  <Field.Label htmlFor="copy-from">{t('dataauth.copy.from')}</Field.Label>
                  <ScrollSelect source="user" id="copy-from" label={t('dataauth.copy.from')} value={from.value} readOnly={from.readOnly} onChange={(item) => from.onChange(item?.value ?? '')} testId="copy-from" />
                </Field.Root>
                <Field.Root invalid={v.same}>
                  <Field.Label htmlFor="copy-to">{t('dataauth.copy.to')}</Field.Label>
                  <ScrollSelect source="user" id="copy-to" label={t('dataauth.copy.to')} value={to.value} readOnly={to.readOnly} invalid={v.same} onChange={(item) => to.onChange(item?.value ?? '')} testId="copy-to" />
                  {v.same && <Field.ErrorText>{t('dataauth.copy.same')}</Field.ErrorText>}
                </Field.Root>
                {(v.state === 'confirming' || v.state === 'copying') && <Text role="status" data-part="question">{t('dataauth.copy.question', { from: v.fromUser, to: v.toUser })}</Text>}
                {v.state === 'done' && <Text role="status" color="fg.success" data-part="done">{t('dataauth.copy.done', { count: v.copied ?? 0, to: v.toUser })}</Text>}
                {v.state === 'failed' && <ErrorAlert message={v.error} />}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button size="sm" variant="ghost" {...v.getCloseProps()}>{t(v.state === 'done' ? 'dataauth.copy.close' : 'dataauth.copy.cancel')}</Button>
              <Button size="sm" variant="outline" {...v.getBackProps()}>{t('dataauth.copy.back')}</Button>
              <Button size="sm" variant="outline" {...v.getRetryProps()}>{t('dataauth.copy.retry')}</Button>
              <Button size="sm" colorPalette="blue" {...v.getRequestProps()}>{t('dataauth.copy.next')}</Button>
              <BusyButton size="sm" colorPalette="blue" {...v.getConfirmProps()}>{t('dataauth.copy.confirm')}</BusyButton>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
