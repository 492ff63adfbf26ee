import { useEffect, useMemo, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Box, Button, Field, Spinner, Stack, Text, Textarea } from '@chakra-ui/react';
import { contract } from '../../shared/contract';
import { EMBEDDED_REMARK_MAX } from '../../shared/constants';
import { guestContext, type GuestContext } from '../../shared/embedded-protocol';
import { remarksGuestMachine, type RemarkProblem } from '../../machines/remarks-guest.machine';
import { connectRemarksGuest, problemText } from '../../machines/remarks-guest.connect';
import { call } from '../../services/http/call';
import { startGuest } from '../../services/embedded-page/guest';
import { useI18n } from '../../services/i18n/react';
import { inspect } from '../../services/inspector';

/**
 * The demo guest page (embedded-remarks.html; docs/embedded-pages.md): a remark kept per form
 * code and record key, in its own table through its own calls, through remarks-guest.machine.ts.
 * It answers the edit form's requests through the guest SDK: validate refuses an empty or too
 * long remark, save and submit store it. Read-only in view and approval modes. Its parent is
 * this site (same origin).
 */
export default function RemarksGuest() {
  const { t } = useI18n();
  const [context] = useState<GuestContext | null>(() => guestContext(window.location.search));
  if (!context) return <Text role="alert" color="fg.error" p="2">{t('embedded.remarks.badAddress')}</Text>;
  return <Remark context={context} />;
}

function Remark({ context }: { context: GuestContext }) {
  const { t } = useI18n();
  const { formCode, recordKey, readOnly } = context;
  const logic = useMemo(
    () =>
      remarksGuestMachine.provide({
        actors: {
          loadRemark: fromPromise(async () => (await call(contract.embedded.remark, { formCode, recordKey }, { noErrorTip: true })).remark),
          saveRemark: fromPromise<void, { remark: string }>(async ({ input }) => {
            await call(contract.embedded.saveRemark, { formCode, recordKey, remark: input.remark });
          }),
        },
      }),
    [formCode, recordKey],
  );
  const [snapshot, send, actor] = useMachine(logic, { input: { readOnly }, inspect });
  const api = connectRemarksGuest(snapshot, send);
  // The SDK's requests become the machine's events; the parent waits for the reply they carry.
  // The reply is said in the language of the moment (the SDK's handlers outlive renders).
  const latestT = useRef(t);
  latestT.current = t;
  useEffect(() => {
    const ask = (type: 'PARENT.VALIDATE' | 'PARENT.SAVE') => () =>
      new Promise<string | null>((resolve) => actor.send({ type, reply: (problem: RemarkProblem | null) => resolve(problem && problemText(problem, latestT.current)) }));
    return startGuest({ parentOrigin: window.location.origin, handlers: { validate: ask('PARENT.VALIDATE'), save: ask('PARENT.SAVE'), submit: ask('PARENT.SAVE') } });
  }, [actor]);

  if (api.state === 'loading') return <Spinner m="2" role="status" aria-label={t('global.loading')} />;
  if (api.state === 'failed') {
    return (
      <Stack p="2" gap="2" align="start" {...api.getRootProps()}>
        <Text role="alert" color="fg.error">{t('embedded.remarks.readFailed')}</Text>
        <Button size="sm" {...api.getRetryProps()}>{t('embedded.remarks.retry')}</Button>
      </Stack>
    );
  }
  return (
    <Box p="2" {...api.getRootProps()}>
      <Field.Root invalid={!!api.problem} readOnly={readOnly}>
        <Field.Label>{t('embedded.remarks.label')}</Field.Label>
        <Textarea rows={3} data-testid="embedded-remark" {...api.getRemarkProps()} />
        {api.problem ? <Field.ErrorText>{problemText(api.problem, t)}</Field.ErrorText> : <Field.HelperText>{t('embedded.remarks.hint', { max: EMBEDDED_REMARK_MAX })}</Field.HelperText>}
      </Field.Root>
    </Box>
  );
}
