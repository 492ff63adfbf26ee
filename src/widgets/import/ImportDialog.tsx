import { Suspense, use, useRef, useState } from 'react';
import { Alert, Box, CloseButton, Dialog, Field, FileUpload, Fieldset, HStack, Input, Portal, Progress, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { ToolbarIconButton } from '../table/ToolbarIconButton';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { ResourceDef } from '../../resources/define';
import { importMachine, type ImportOutcome, type ImportRequest } from '../../machines/import.machine';
import { connectImport } from '../../machines/import.connect';
import { DIALOG_WIDTH, IMPORT_MAX_BYTES, RANGE_SEPARATOR } from '../../shared/constants';
import { IMPORT_FILE_TYPES } from '../../shared/contract/import';
import { formatBytes } from '../../shared/attachments';
import { downloadImportReport, downloadImportTemplate, importFile } from '../../services/api/import';
import { dialogOptions, forgetFailedDialogOptions } from '../../services/dictionaries';
import { RadioItems } from '../RadioItems';
import { useI18n } from '../../services/i18n/react';
import { DateInput } from '../date/DateInput';
import { inspect } from '../../services/inspector';
import { OptionSelect } from '../OptionSelect';
import { ErrorAlert } from '../ErrorAlert';
import { BusyButton } from '../BusyButton';
import { useFocusWhenLost } from '../useFocusWhenLost';

export interface ImportDialogProps {
  /** A resource whose definition takes imports (`def.import`). */
  def: ResourceDef;
  /** Several files may be chosen (widgets §5: one unless allowed). */
  multiple?: boolean;
  /** The rows were written: the page reloads its table. */
  onImported: (outcome: ImportOutcome) => void;
  disabled?: boolean;
}

const ACCEPT = IMPORT_FILE_TYPES.map((ext) => `.${ext}`).join(',');

/**
 * The import icon of a table's toolbar and its dialog (widgets §2 "Import form"; docs/import.md),
 * bound to the import machine: the template type with its template's download, the file (drag
 * or click), the import mode and the dates COVER overwrites; the upload's progress, then the
 * server's phase; the count imported, or the problems and the error report's download. As wide
 * as the export dialog, the whole screen on a phone.
 */
export function ImportDialog(props: ImportDialogProps) {
  const { t } = useI18n();
  return (
    <Suspense fallback={<ImportIcon label={t('import.action')} disabled />}>
      <ImportDialogBody {...props} />
    </Suspense>
  );
}

function ImportIcon({ label, ...rest }: { label: string; disabled?: boolean; onClick?: () => void; 'data-part'?: string; 'data-state'?: string }) {
  return (
    // A tray with an arrow into it.
    <ToolbarIconButton
      label={label}
      data-testid="import-trigger"
      icon={<><path d="M12 3v12" /><path d="m7 10 5 5 5-5" /><path d="M4 14v5a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-5" /></>}
      {...rest}
    />
  );
}

function ImportDialogBody({ def, multiple = false, onImported, disabled }: ImportDialogProps) {
  const { t, lang } = useI18n();
  const types = use(dialogOptions('ImportType', lang));
  const sendRef = useRef<(event: { type: 'UPLOAD.PROGRESS'; percent: number }) => void>(() => undefined);
  const latest = useRef({ def, onImported });
  latest.current = { def, onImported };
  const [logic] = useState(() =>
    importMachine.provide({
      actors: {
        downloadTemplate: fromPromise<void, string>(async ({ input }) => void (await downloadImportTemplate(latest.current.def.code, input))),
        upload: fromPromise<ImportOutcome, ImportRequest>(async ({ input }) => importFile(latest.current.def.code, input, (p) => sendRef.current({ type: 'UPLOAD.PROGRESS', percent: p.percent }))),
        downloadReport: fromPromise<void, string>(async ({ input }) => void (await downloadImportReport(input))),
      },
      actions: { reportImported: (_, outcome: ImportOutcome) => latest.current.onImported(outcome) },
    }),
  );
  const [snapshot, send] = useMachine(logic, { inspect });
  sendRef.current = send;
  const api = connectImport(snapshot, send);
  const options = def.import!;
  const problem = (field: 'templateType' | 'fileNames' | 'importType' | 'importTypeDate', label: string) => {
    const found = api.problemOf(field);
    return found ? t(found === 'single' ? 'import.single' : 'import.required', { field: label }) : null;
  };
  const number = (n: number) => new Intl.NumberFormat(lang).format(n);

  const open = () => {
    // A list that failed lists nothing: the opening asks for it again.
    forgetFailedDialogOptions();
    send({
      type: 'DIALOG.OPEN',
      templates: options.templates.map((tpl) => ({ value: tpl.type, label: tpl.label[lang] })),
      typeOffered: Boolean(options.cover),
      multiple,
    });
  };
  const editing = api.phase === 'editing' || api.phase === 'sending';
  // The result replaces the Import button, and "import another file" the result: the keyboard
  // goes on to the next step's control (the report to download, Close, the file to choose).
  const content = useRef<HTMLDivElement>(null);
  useFocusWhenLost(content, api.phase, (phase) => {
    const next = phase === 'rejected' ? 'import-report-download' : phase === 'succeeded' ? 'import-close' : phase === 'editing' ? 'import-dropzone' : null;
    return next ? content.current?.querySelector<HTMLElement>(`[data-testid="${next}"]`) : null;
  });

  return (
    <>
      <ImportIcon label={t('import.action')} disabled={disabled} onClick={open} data-part="trigger" data-state={api.state} />
      <Dialog.Root {...api.getDialogProps()} placement="center" scrollBehavior="inside" lazyMount unmountOnExit>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            {/* As wide as the export dialog (widgets §9 gives the import form no width of its own). */}
            <Dialog.Content width={{ base: '100%', sm: `min(${DIALOG_WIDTH.export}px, 95vw)` }} maxW="none" data-testid="import-dialog" data-state={api.state} ref={content}>
              {/* A flex column, so the body scrolls between header and footer on a short screen. */}
              <form
                noValidate
                style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
                onSubmit={(e) => {
                  e.preventDefault();
                  send({ type: 'IMPORT.REQUEST' });
                }}
              >
                <Dialog.Header>
                  <Dialog.Title>{t('import.title', { name: def.label[lang] })}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  {editing && (
                    <Stack gap="4">
                      <ErrorAlert message={api.error} />
                      <Field.Root required invalid={Boolean(api.problemOf('templateType'))}>
                        <Field.Label>
                          {t('import.templateType')}
                          <Field.RequiredIndicator />
                        </Field.Label>
                        <HStack width="full" gap="2" wrap={{ base: 'wrap', sm: 'nowrap' }}>
                          <Box flex="1" minW="40">
                            <OptionSelect options={api.templates.map((o) => ({ value: o.value, text: o.label }))} empty={t('import.choose')} field={{ ...api.getTemplateTypeProps(), 'data-testid': 'import-template-type' }} />
                          </Box>
                          <BusyButton size="sm" variant="outline" {...api.getTemplateDownloadProps()} data-testid="import-template-download">
                            {t('import.templateDownload')}
                          </BusyButton>
                        </HStack>
                        {problem('templateType', t('import.templateType')) ? <Field.ErrorText>{problem('templateType', t('import.templateType'))}</Field.ErrorText> : <Field.HelperText>{t('import.templateHint')}</Field.HelperText>}
                      </Field.Root>

                      <Field.Root required invalid={Boolean(api.problemOf('fileNames'))}>
                        <FileUpload.Root {...api.getFileProps()} accept={ACCEPT} data-testid="import-file" gap="2">
                          <FileUpload.HiddenInput data-testid="import-file-input" />
                          <FileUpload.Label fontSize="sm" fontWeight="medium">
                            {t('import.file')}
                            <Text as="span" aria-hidden="true" color="fg.error" ms="1">
                              *
                            </Text>
                          </FileUpload.Label>
                          <FileUpload.Dropzone width="full" minH="24" data-testid="import-dropzone">
                            <FileUpload.DropzoneContent>
                              <Text fontSize="sm">{t('import.dropzone')}</Text>
                              <Text fontSize="xs" color="fg.muted">
                                {t('import.dropzoneHint', { limit: formatBytes(IMPORT_MAX_BYTES) })}
                              </Text>
                            </FileUpload.DropzoneContent>
                          </FileUpload.Dropzone>
                          <Stack as="ul" gap="1" data-testid="import-files" listStyleType="none">
                            {api.files.map((f) => (
                              <HStack as="li" key={`${f.name}/${f.size}`} justify="space-between" fontSize="sm" data-testid="import-file-name">
                                <Text truncate>{f.name}</Text>
                                <Text color="fg.muted" flexShrink={0}>
                                  {formatBytes(f.size)}
                                </Text>
                              </HStack>
                            ))}
                          </Stack>
                        </FileUpload.Root>
                        {problem('fileNames', t('import.file')) && <Field.ErrorText>{problem('fileNames', t('import.file'))}</Field.ErrorText>}
                      </Field.Root>

                      {api.typeOffered && (
                        <Fieldset.Root invalid={Boolean(api.problemOf('importType'))}>
                          <Fieldset.Legend fontSize="sm">
                            {t('import.importType')}
                            <Text as="span" aria-hidden="true" color="fg.error" ms="1">
                              *
                            </Text>
                          </Fieldset.Legend>
                          <RadioGroup.Root size="sm" {...api.getImportTypeProps()} data-testid="import-type">
                            <RadioItems choices={types} itemProps={() => ({ disabled: api.getImportTypeProps().disabled })} />
                          </RadioGroup.Root>
                          {problem('importType', t('import.importType')) && <Fieldset.ErrorText fontSize="xs">{problem('importType', t('import.importType'))}</Fieldset.ErrorText>}
                        </Fieldset.Root>
                      )}

                      {api.needsRange && (
                        <Fieldset.Root invalid={Boolean(api.problemOf('importTypeDate'))}>
                          <Fieldset.Legend fontSize="sm">
                            {t('import.importTypeDate')}
                            <Text as="span" aria-hidden="true" color="fg.error" ms="1">
                              *
                            </Text>
                          </Fieldset.Legend>
                          <HStack gap="2" wrap={{ base: 'wrap', sm: 'nowrap' }} data-testid="import-type-date">
                            <DateInput label={t('import.dateFrom')} aria-label={t('import.dateFrom')} {...api.getRangeFromProps()} data-testid="import-date-from" />
                            <Text aria-hidden="true" display={{ base: 'none', sm: 'block' }}>{RANGE_SEPARATOR}</Text>
                            <DateInput label={t('import.dateTo')} aria-label={t('import.dateTo')} {...api.getRangeToProps()} data-testid="import-date-to" />
                          </HStack>
                          {problem('importTypeDate', t('import.importTypeDate')) ? (
                            <Fieldset.ErrorText fontSize="xs">{problem('importTypeDate', t('import.importTypeDate'))}</Fieldset.ErrorText>
                          ) : (
                            <Fieldset.HelperText fontSize="xs">{t('import.coverHint')}</Fieldset.HelperText>
                          )}
                        </Fieldset.Root>
                      )}

                      {api.phase === 'sending' && (
                        <Progress.Root size="sm" {...api.getProgressProps()} data-testid="import-progress" aria-label={api.progress === null ? t('import.importing') : t('import.uploading', { percent: api.progress })}>
                          <Progress.Label fontSize="sm" mb="1" role="status">
                            {api.progress === null ? t('import.importing') : t('import.uploading', { percent: api.progress })}
                          </Progress.Label>
                          <Progress.Track>
                            <Progress.Range />
                          </Progress.Track>
                        </Progress.Root>
                      )}
                    </Stack>
                  )}

                  {api.outcome && (
                    <Alert.Root status="success" role="status" data-testid="import-result">
                      <Alert.Indicator />
                      <Alert.Content>
                        <Alert.Title>{t('import.succeeded', { count: number(api.outcome.imported) })}</Alert.Title>
                        {api.outcome.replaced > 0 && <Alert.Description>{t('import.replaced', { count: number(api.outcome.replaced) })}</Alert.Description>}
                      </Alert.Content>
                    </Alert.Root>
                  )}

                  {api.refusal && (
                    <Stack gap="3">
                      <Alert.Root status="error" role="alert" data-testid="import-rejected">
                        <Alert.Indicator />
                        <Alert.Content>
                          <Alert.Title data-testid="import-error-count">{t('import.rejectedCount', { count: number(api.refusal.errorCount) })}</Alert.Title>
                          <Alert.Description>{api.refusal.message}</Alert.Description>
                        </Alert.Content>
                      </Alert.Root>
                      <ErrorAlert message={api.error} />
                    </Stack>
                  )}
                </Dialog.Body>
                <Dialog.Footer flexWrap="wrap">
                  <BusyButton size="sm" variant="outline" {...api.getCloseProps()} data-testid="import-close">
                    {api.phase === 'succeeded' || api.phase === 'rejected' ? t('import.close') : t('import.cancel')}
                  </BusyButton>
                  <BusyButton size="sm" variant="outline" {...api.getAgainProps()} data-testid="import-again">
                    {t('import.again')}
                  </BusyButton>
                  <BusyButton size="sm" colorPalette="red" variant="outline" {...api.getReportDownloadProps()} data-testid="import-report-download">
                    {t('import.reportDownload')}
                  </BusyButton>
                  <BusyButton size="sm" colorPalette="blue" type="submit" {...api.getRequestProps()} onClick={undefined} data-testid="import-submit">
                    {t('import.submit')}
                  </BusyButton>
                </Dialog.Footer>
              </form>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-disabled={api.getCloseProps()['aria-disabled']} />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
