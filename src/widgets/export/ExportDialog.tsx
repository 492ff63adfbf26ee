import { Suspense, use, useRef, useState, type Ref } from 'react';
import { Alert, Button, Checkbox, CloseButton, Dialog, Field, Fieldset, HStack, Input, Portal, RadioGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ToolbarIconButton } from '../table/ToolbarIconButton';
import { OptionSelect } from '../OptionSelect';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { allDataInBackground, exportMachine, type ExportChoice, type ExportColumnOption, type ExportJobNote, type ExportOutcome } from '../../machines/export.machine';
import { connectExport } from '../../machines/export.connect';
import { DIALOG_WIDTH, EXPORT_CONFIRM_ABOVE, EXPORT_FILE_NAME_MAX } from '../../shared/constants';
import { EXPORT_SCOPE_PAGE, type ExportRequest } from '../../shared/contract/export';
import { exportFile } from '../../services/api/export';
import { notePendingExport } from '../../services/export-notes';
import { httpEvents } from '../../services/http/events';
import { ExportJobs } from './ExportJobs';
import { dialogOptions, forgetFailedDialogOptions } from '../../services/dictionaries';
import { RadioItems } from '../RadioItems';
import { useI18n } from '../../services/i18n/react';
import { inspect } from '../../services/inspector';
import { ErrorAlert } from '../ErrorAlert';
import { BusyButton } from '../BusyButton';

export interface ExportDialogProps {
  /** The starting file name (the page's title); the user may change it. */
  fileName: string;
  /** The table's visible columns, in the order shown: all are chosen on opening. */
  columns: ExportColumnOption[];
  /** The rows the table's query found. */
  total: number;
  /** The call's body for what the user chose: the page adds its table and current query. */
  request: (choice: ExportChoice) => ExportRequest;
  /** The before-export hook: false (or a promise of false) cancels; a throw is said in the dialog. */
  beforeExport?: (choice: ExportChoice) => boolean | Promise<boolean>;
  /** The table is loading or failed: nothing to export yet. */
  disabled?: boolean;
}

/**
 * The export icon of a table's toolbar and its dialog (widgets §2 "Export dialog", 590 px;
 * docs/export.md), bound to the export machine: file name, file type (FileType), scope
 * (ExportType) and the columns to export (the visible ones, all ticked), all required. The
 * thresholds, the hook and the refusal are the machine's; the file is saved by `exportFile`.
 */
export function ExportDialog(props: ExportDialogProps) {
  const { t } = useI18n();
  return (
    <Suspense fallback={<ExportIcon label={t('export.action')} disabled />}>
      <ExportDialogBody {...props} />
    </Suspense>
  );
}

function ExportIcon({ label, ...rest }: { label: string; disabled?: boolean; onClick?: () => void; 'data-part'?: string; 'data-state'?: string; ref?: Ref<HTMLButtonElement> }) {
  return (
    // A tray with an arrow out of it.
    <ToolbarIconButton
      label={label}
      data-testid="export-trigger"
      icon={<><path d="M12 15V3" /><path d="m7 8 5-5 5 5" /><path d="M4 14v5a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-5" /></>}
      {...rest}
    />
  );
}

/** The asterisk Field.RequiredIndicator draws, for the two fieldsets (a legend has no indicator of its own). */
function RequiredMark() {
  return (
    <Text as="span" aria-hidden="true" color="fg.error" ms="1">
      *
    </Text>
  );
}

function ExportDialogBody({ fileName, columns, total, request, beforeExport, disabled }: ExportDialogProps) {
  const { t, lang } = useI18n();
  const fileTypes = use(dialogOptions('FileType', lang));
  const scopes = use(dialogOptions('ExportType', lang));
  // The machine is made once; its effects read the page's latest request and hook.
  // Raised to open the export-jobs list when an export became a job.
  const [jobsSignal, setJobsSignal] = useState(0);
  const reportJob = (note: ExportJobNote) => {
    httpEvents.emit('toast', { type: 'info', title: t('export.jobStarted', { fileName: note.fileName, total: new Intl.NumberFormat(lang).format(total) }), description: t('export.jobStartedHint') });
    setJobsSignal((n) => n + 1);
  };
  const latest = useRef({ request, beforeExport, reportJob });
  latest.current = { request, beforeExport, reportJob };
  const [logic] = useState(() =>
    exportMachine.provide({
      actors: {
        beforeExport: fromPromise<boolean, ExportChoice>(async ({ input }) => (latest.current.beforeExport ? latest.current.beforeExport(input) : true)),
        runExport: fromPromise<ExportOutcome, ExportChoice>(async ({ input }) => exportFile(latest.current.request(input))),
      },
      actions: {
        notePending: (_, note: ExportJobNote) => notePendingExport(note),
        reportJob: (_, note: ExportJobNote) => latest.current.reportJob(note),
      },
    }),
  );
  const [snapshot, send] = useMachine(logic, { inspect });
  const api = connectExport(snapshot, send);
  const count = new Intl.NumberFormat(lang).format(api.total);
  const required = (field: 'fileName' | 'fileType' | 'scope' | 'columns', label: string) => (api.isMissing(field) ? <Field.ErrorText>{t('export.required', { field: label })}</Field.ErrorText> : null);
  const allColumns = api.getAllColumnsProps();
  const backgroundHint = allDataInBackground(api.total);

  // The dialog has no trigger of its own (it is opened by the machine): it is told where the
  // focus starts and where it goes back to. An autoFocus instead would take the focus before the
  // dialog's trap noted where it came from, and the trap would give it back to that field, gone
  // with the dialog: the page's body.
  const trigger = useRef<HTMLButtonElement>(null);
  const nameField = useRef<HTMLInputElement>(null);
  const open = () => {
    // A list that failed lists nothing: the opening asks for it again.
    forgetFailedDialogOptions();
    send({
      type: 'DIALOG.OPEN',
      columns,
      total,
      fileName,
      fileType: fileTypes[0]?.value ?? '',
      scope: EXPORT_SCOPE_PAGE,
    });
  };

  return (
    <>
      <ExportIcon label={t('export.action')} disabled={disabled || columns.length === 0} onClick={open} data-part="trigger" data-state={api.state} ref={trigger} />
      <ExportJobs openSignal={jobsSignal} />
      <Dialog.Root {...api.getDialogProps()} placement="center" scrollBehavior="inside" lazyMount unmountOnExit initialFocusEl={() => nameField.current} finalFocusEl={() => trigger.current}>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content width={{ base: '100%', sm: `min(${DIALOG_WIDTH.export}px, 95vw)` }} maxW="none" data-testid="export-dialog" data-state={api.state}>
              <form
                noValidate
                onSubmit={(e) => {
                  e.preventDefault();
                  send({ type: api.confirming ? 'EXPORT.CONFIRM' : 'EXPORT.REQUEST' });
                }}
              >
                <Dialog.Header>
                  <Dialog.Title>{t('export.title')}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Stack gap="4">
                    <Text fontSize="sm" color="fg.muted" data-testid="export-total">
                      {t('export.total', { total: count })}
                    </Text>
                    <ErrorAlert message={api.error} />
                    <ErrorAlert message={api.forbidden && t('export.forbidden')} />
                    <Field.Root required invalid={api.isMissing('fileName')}>
                      <Field.Label>
                        {t('export.fileName')}
                        <Field.RequiredIndicator />
                      </Field.Label>
                      <Input size="sm" ref={nameField} {...api.getFileNameProps()} data-testid="export-file-name" />
                      {required('fileName', t('export.fileName')) ?? <Field.HelperText>{t('export.fileNameHint', { max: EXPORT_FILE_NAME_MAX })}</Field.HelperText>}
                    </Field.Root>
                    <Field.Root required invalid={api.isMissing('fileType')}>
                      <Field.Label>
                        {t('export.fileType')}
                        <Field.RequiredIndicator />
                      </Field.Label>
                      <OptionSelect options={fileTypes} empty={t('export.choose')} field={{ ...api.getFileTypeProps(), 'data-testid': 'export-file-type' }} />
                      {required('fileType', t('export.fileType'))}
                    </Field.Root>
                    <Fieldset.Root invalid={api.isMissing('scope')}>
                      <Fieldset.Legend fontSize="sm">
                        {t('export.scope')}
                        <RequiredMark />
                      </Fieldset.Legend>
                      <RadioGroup.Root size="sm" {...api.getScopeProps()} data-testid="export-scope">
                        <RadioItems choices={scopes} itemProps={api.getScopeOptionProps} />
                      </RadioGroup.Root>
                      {backgroundHint && (
                        <Fieldset.HelperText fontSize="xs" data-testid="export-all-background">
                          {t('export.allInBackground', { max: new Intl.NumberFormat(lang).format(EXPORT_CONFIRM_ABOVE) })}
                        </Fieldset.HelperText>
                      )}
                      {api.isMissing('scope') && <Fieldset.ErrorText>{t('export.required', { field: t('export.scope') })}</Fieldset.ErrorText>}
                    </Fieldset.Root>
                    <Fieldset.Root invalid={api.isMissing('columns')}>
                      <HStack justify="space-between">
                        <Fieldset.Legend fontSize="sm">
                          {t('export.columns')}
                          <RequiredMark />
                        </Fieldset.Legend>
                        <Checkbox.Root size="sm" {...allColumns} data-testid="export-all-columns">
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                          <Checkbox.Label>{t('export.allColumns')}</Checkbox.Label>
                        </Checkbox.Root>
                      </HStack>
                      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2" maxH="48" overflowY="auto" data-testid="export-columns">
                        {api.columns.map((c) => (
                          <Checkbox.Root key={c.field} size="sm" {...api.getColumnProps(c.field)} data-field={c.field}>
                            <Checkbox.HiddenInput />
                            <Checkbox.Control />
                            <Checkbox.Label>{c.label}</Checkbox.Label>
                          </Checkbox.Root>
                        ))}
                      </SimpleGrid>
                      {api.isMissing('columns') && <Fieldset.ErrorText>{t('export.required', { field: t('export.columns') })}</Fieldset.ErrorText>}
                    </Fieldset.Root>
                    {api.confirming && (
                      <Alert.Root status="warning" role="alert" data-testid="export-confirm">
                        <Alert.Indicator />
                        <Alert.Title>{t('export.confirm', { total: count })}</Alert.Title>
                      </Alert.Root>
                    )}
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer>
                  <Button size="sm" variant="outline" {...api.getBackProps()}>
                    {t('export.back')}
                  </Button>
                  <Button size="sm" variant="outline" {...api.getCloseProps()}>
                    {t('export.cancel')}
                  </Button>
                  <BusyButton size="sm" colorPalette="blue" type="submit" {...api.getConfirmProps()} onClick={undefined} data-testid="export-continue">
                    {t('export.continue')}
                  </BusyButton>
                  <BusyButton size="sm" colorPalette="blue" type="submit" {...api.getRequestProps()} onClick={undefined} data-testid="export-submit">
                    {t('export.submit')}
                  </BusyButton>
                </Dialog.Footer>
              </form>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" disabled={api.busy} />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
