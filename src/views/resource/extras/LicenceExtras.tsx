import { useCallback, useMemo, useRef, useState } from 'react';
import { Box, Button, Dialog, Field, HStack, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { LICENCE_TEXT_MAX } from '../../../shared/constants';
import { checkLicenceText, downloadLicenceFile, downloadLicencePublicKey } from '../../../services/api/licence';
import { inspect } from '../../../services/inspector';
import { useI18n } from '../../../services/i18n/react';
import { licenceCheckMachine } from '../../../machines/licence-check.machine';
import { connectLicenceCheck, type LicenceCheckApi } from '../../../machines/licence-check.connect';
import { ErrorAlert } from '../../../widgets/ErrorAlert';
import { BusyButton } from '../../../widgets/BusyButton';
import { RowButton } from '../../../widgets/table';
import { useMountedDialog } from './dialog-mount';
import type { RowExtraProps, ToolbarExtraProps } from './types';

/**
 * The product licences' own actions (docs/licences.md): a licence's signed file from its row,
 * and in the toolbar the check of a file handed back and the public key products verify with.
 */
export function LicenceRowActions({ row, display }: RowExtraProps) {
  const { t } = useI18n();
  if (!display.button('licenceFile')) return null;
  const number = String(row.licenseNo ?? '');
  return (
    <RowButton data-action="licence-file" aria-label={t('resource.licence.fileLabel', { number })} onClick={() => void downloadLicenceFile(Number(row.id)).catch(() => undefined)}>
      {t('resource.licence.file')}
    </RowButton>
  );
}

export function LicenceToolbar({ display }: ToolbarExtraProps) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      {display.button('licenceCheck') && (
        <Button size="sm" variant="outline" data-part="licence-check-trigger" onClick={() => setOpen(true)}>
          {t('resource.licence.check.action')}
        </Button>
      )}
      {display.button('publicKey') && (
        // The request layer says how it went (the download's toast, or the refusal's).
        <Button size="sm" variant="outline" data-part="public-key" onClick={() => void downloadLicencePublicKey().catch(() => undefined)}>
          {t('resource.licence.publicKey')}
        </Button>
      )}
      {open && <CheckDialog onClosed={close} />}
    </>
  );
}

/** A file far longer than a licence is not read at all (a licence's text is about 1 kB; UTF-8 takes at most 4 bytes a character). */
const FILE_BYTES_MAX = LICENCE_TEXT_MAX * 4;

function CheckDialog({ onClosed }: { onClosed: () => void }) {
  const { t } = useI18n();
  const logic = useMemo(
    () =>
      licenceCheckMachine.provide({
        actors: {
          readFile: fromPromise(async ({ input }: { input: { file: Blob } }) => {
            if (input.file.size > FILE_BYTES_MAX) throw new Error(t('resource.licence.check.fileTooLong'));
            return input.file.text();
          }),
          checkLicence: fromPromise(({ input }: { input: { text: string } }) => checkLicenceText(input.text)),
        },
      }),
    [t],
  );
  const [snapshot, send] = useMachine(logic, { inspect });
  const v = connectLicenceCheck(snapshot, send);
  useMountedDialog(v.state === 'closed', useCallback(() => send({ type: 'DIALOG.OPEN' }), [send]), onClosed);
  const picker = useRef<HTMLInputElement>(null);
  const { busy: checking, ...check } = v.getCheckProps();
  return (
    <Dialog.Root {...v.getDialogProps()} closeOnInteractOutside={false} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="licence-check" data-state={v.state}>
            <Dialog.Header>
              <Dialog.Title>{t('resource.licence.check.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text fontSize="sm" color="fg.muted">{t('resource.licence.check.explain')}</Text>
                <Field.Root invalid={v.tooLong}>
                  <Field.Label htmlFor="licence-text">{t('resource.licence.check.text')}</Field.Label>
                  <Textarea id="licence-text" rows={8} fontFamily="mono" fontSize="xs" {...v.getTextProps()} />
                  {v.tooLong && <Field.ErrorText>{t('resource.licence.check.tooLong', { max: LICENCE_TEXT_MAX })}</Field.ErrorText>}
                </Field.Root>
                <HStack>
                  <input ref={picker} {...v.getFileProps()} />
                  <Button size="sm" variant="outline" {...v.getOpenProps(() => picker.current?.click())}>{t('resource.licence.check.open')}</Button>
                </HStack>
                {v.error && <ErrorAlert message={v.error} />}
                {v.answer && <CheckResult v={v} />}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button size="sm" variant="ghost" {...v.getCloseProps()}>{t('resource.licence.check.close')}</Button>
              <Button size="sm" variant="outline" {...v.getRetryProps()}>{t('resource.licence.check.retry')}</Button>
              <BusyButton size="sm" colorPalette="blue" busy={checking} {...check}>{t('resource.licence.check.submit')}</BusyButton>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

const TONE = { good: 'fg.success', warn: 'fg.warning', bad: 'fg.error' } as const;

/** The answer: one sentence for the verdict, then what the file says it grants. */
function CheckResult({ v }: { v: LicenceCheckApi }) {
  const { t } = useI18n();
  const answer = v.answer!;
  const terms = answer.licence;
  const rows: Array<[string, string]> = terms
    ? [
        [t('resource.licence.check.number'), terms.licenseNo],
        [t('resource.licence.check.licensee'), terms.licensee],
        [t('resource.licence.check.users'), String(terms.maxUsers)],
        [t('resource.licence.check.dates'), t('resource.licence.check.fromTo', { from: terms.validFrom, to: terms.validTo })],
        [t('resource.licence.check.machine'), terms.machineCode ?? t('resource.licence.check.anyMachine')],
        [t('resource.licence.check.key'), terms.keyId],
      ]
    : [];
  return (
    <Box {...v.getResultProps()} borderWidth="1px" borderRadius="md" p="3">
      <Text fontWeight="semibold" color={TONE[v.verdict!]} data-part="verdict">
        {t(`resource.licence.status.${answer.status}`, { key: answer.keyId })}
        {answer.register ? ` ${t(`resource.licence.register.${answer.register}`)}` : ''}
      </Text>
      {rows.length > 0 && (
        <Box as="dl" mt="2" fontSize="sm" display="grid" gridTemplateColumns="max-content 1fr" columnGap="3" rowGap="1">
          {rows.map(([label, value]) => (
            <Box key={label} display="contents">
              <Box as="dt" color="fg.muted">{label}</Box>
              <Box as="dd" wordBreak="break-all">{value}</Box>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
