import { useEffect, useMemo, useRef, useState, type MutableRefObject } from 'react';
import { Alert, Box, Button, Checkbox, CloseButton, Dialog, FileUpload, HStack, Input, Link, NativeSelect, Portal, Progress, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { uploadMachine, type ChosenFile, type UploadRequest } from '../../machines/upload.machine';
import { connectUpload, type UploadApi } from '../../machines/upload.connect';
import { ACCEPTED_EXTENSIONS, formatBytes, type AttachmentProblem } from '../../shared/attachments';
import { ATTACHMENT_DEFAULT_CATEGORY, UPLOAD_MAX_BYTES, UPLOAD_TABLE_HEIGHT } from '../../shared/constants';
import type { UploadedFile } from '../../shared/contract/upload';
import { formatDateTime } from '../../shared/date-format';
import { attachmentApi } from '../../services/api/attachments';
import { useI18n } from '../../services/i18n/react';
import { inspect } from '../../services/inspector';
import { PreviewDialog, type PreviewFile } from '../preview/PreviewDialog';

/** What a form asks the uploader: on save, the required attachment type still missing, as text; on a review, the files. */
export interface UploadController {
  /** null when the attachments satisfy the business's setting (or it is still loading: the server checks again). */
  missing(): string | null;
  /** The stored files' ids, in the table's order (a review names its decision's files by them). */
  fileIds(): number[];
}

export interface AttachmentUploadProps {
  /** `<resource code>:<id>` of a stored record, or the add form's `draft:<uuid>`. */
  orderNo: string;
  /** The business whose setting applies: the resource's code. */
  businessCode: string;
  /** View and approval modes: downloads and previews only. */
  readOnly: boolean;
  /** The largest file (UPLOAD_MAX_BYTES; the server says its own limit again). */
  maxBytes?: number;
  /** Filled with the save-time check. */
  controllerRef?: MutableRefObject<UploadController | null>;
  /** Opens a file in the previewer; the widget's own PreviewDialog when not given. */
  onPreview?: (file: PreviewFile) => void;
}

/**
 * The attachment upload (widgets §2 "Attachment upload"; docs/attachments.md): a drag-or-click
 * area, then a table of the record's files UPLOAD_TABLE_HEIGHT high with their category,
 * comment, size, uploader and time, each with download, preview and delete; bulk download and
 * delete of the ticked files. upload.machine decides; this only draws it.
 */
export function AttachmentUpload({ orderNo, businessCode, readOnly, maxBytes = UPLOAD_MAX_BYTES, controllerRef, onPreview }: AttachmentUploadProps) {
  const { t } = useI18n();
  // The chosen files' bytes stay here, by key; the machine keeps their names and sizes.
  const chosen = useRef(new Map<string, File>());
  const nextKey = useRef(0);
  const actorRef = useRef<{ send: (e: never) => void } | null>(null);
  const logic = useMemo(
    () =>
      uploadMachine.provide({
        actors: {
          loadAttachments: fromPromise(async ({ input }: { input: { orderNo: string; businessCode: string } }) => {
            const [files, setting] = await Promise.all([attachmentApi.list(input.orderNo), attachmentApi.setting(input.businessCode)]);
            return { files, setting };
          }),
          loadSetting: fromPromise(({ input }: { input: { businessCode: string } }) => attachmentApi.setting(input.businessCode)),
          uploadFile: fromPromise(async ({ input }: { input: UploadRequest }) => {
            const file = chosen.current.get(input.key);
            if (!file) throw new Error('file gone');
            try {
              return await attachmentApi.upload(file, { orderNo: input.orderNo, fileBusinessType: input.category }, (p) =>
                actorRef.current?.send({ type: 'UPLOAD.PROGRESS', key: input.key, percent: p.percent } as never),
              );
            } finally {
              chosen.current.delete(input.key);
            }
          }),
          removeFiles: fromPromise(({ input }: { input: { ids: number[] } }) => attachmentApi.remove(input.ids)),
          downloadFiles: fromPromise(({ input }: { input: { ids: number[] } }) => attachmentApi.download(input.ids)),
          updateFile: fromPromise(({ input }: { input: { id: number; fileBusinessType?: string; comment?: string } }) => attachmentApi.update(input)),
        },
      }),
    [],
  );
  const actor = useActorRef(logic, { input: { orderNo, businessCode, readOnly, maxBytes }, inspect });
  actorRef.current = actor as never;
  const snapshot = useSelector(actor, (s) => s);
  const api = connectUpload(snapshot, actor.send);
  const [previewing, setPreviewing] = useState<PreviewFile | null>(null);

  useEffect(() => {
    if (snapshot.context.businessCode !== businessCode) actor.send({ type: 'BUSINESS.CHANGE', businessCode });
  }, [actor, businessCode, snapshot.context.businessCode]);
  useEffect(() => {
    if (snapshot.context.orderNo !== orderNo) actor.send({ type: 'ORDER.CHANGE', orderNo });
  }, [actor, orderNo, snapshot.context.orderNo]);

  const missingText = (problem: ReturnType<typeof connectUpload>['missing']) => (problem ? t(problem.key, problem.params) : null);
  if (controllerRef)
    controllerRef.current = {
      missing: () => (actor.getSnapshot().matches('ready') ? missingText(connectUpload(actor.getSnapshot(), actor.send).missing) : null),
      fileIds: () => actor.getSnapshot().context.files.map((f) => f.id),
    };

  const categoryText = (value: string) => (value === ATTACHMENT_DEFAULT_CATEGORY ? t('upload.defaultCategory') : value);
  const addFiles = (files: File[]) => {
    const list: ChosenFile[] = files.map((file) => {
      const key = `f${nextKey.current++}`;
      chosen.current.set(key, file);
      return { key, name: file.name, size: file.size };
    });
    api.getDropzoneProps().onFiles(list);
  };

  if (api.hidden) return null;
  const dropzone = api.getDropzoneProps();
  const problem = api.problem;
  return (
    <Stack gap="2" {...api.getRootProps()} data-testid="attachment-upload">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontWeight="medium">{t('upload.title')}</Text>
        <RequiredTypes api={api} />
      </HStack>
      {api.outerUrl && (
        <Text fontSize="sm" data-part="external">
          {t('upload.external')}{' '}
          <Link href={api.outerUrl} target="_blank" rel="noopener noreferrer" colorPalette="blue">
            {api.outerUrl}
          </Link>
        </Text>
      )}
      {api.state === 'loading' && (
        <HStack fontSize="sm" color="fg.muted">
          <Spinner size="sm" />
          <Text>{t('upload.loading')}</Text>
        </HStack>
      )}
      {api.failure !== null && (
        <Alert.Root status="error" size="sm">
          <Alert.Indicator />
          <Alert.Title>{t('upload.loadFailed', { message: api.failure })}</Alert.Title>
          <Button size="xs" ms="auto" {...api.getRetryProps()}>{t('upload.retry')}</Button>
        </Alert.Root>
      )}
      {!readOnly && !api.outerUrl && api.state !== 'loading' && api.state !== 'failed' && (
        <Stack gap="2">
          {!api.getCategoryProps().hidden && (
            <HStack gap="2" maxW="sm">
              <label htmlFor="upload-category"><Text as="span" fontSize="sm" whiteSpace="nowrap">{t('upload.category')}</Text></label>
              <NativeSelect.Root size="sm" disabled={api.getCategoryProps().disabled}>
                <NativeSelect.Field id="upload-category" data-part="category" data-testid="upload-category" value={api.getCategoryProps().value} onChange={(e) => api.getCategoryProps().onChange(e.currentTarget.value)}>
                  {api.categories.map((c) => (
                    <option key={c} value={c}>{categoryText(c)}</option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </HStack>
          )}
          <FileUpload.Root maxFiles={Infinity} acceptedFiles={[]} disabled={dropzone.disabled} onFileAccept={(d) => addFiles(d.files)} data-part="dropzone-root">
            <FileUpload.HiddenInput data-testid="upload-input" />
            <FileUpload.Dropzone width="full" minH="20" data-part="dropzone" data-state={dropzone['data-state']} data-testid="upload-dropzone" onDrop={(e) => dropWithoutEntries(e.dataTransfer, addFiles)}>
              <FileUpload.DropzoneContent>
                <Text fontSize="sm">{t('upload.dropzone')}</Text>
                <Text fontSize="xs" color="fg.muted">{t('upload.dropzoneHint', { limit: formatBytes(maxBytes), accepted: ACCEPTED_EXTENSIONS.join(', ') })}</Text>
                {api.setting.isLimit && <Text fontSize="xs" color="fg.muted">{t(api.files.length >= api.setting.attachmentSize ? 'upload.full' : 'upload.limitHint', { max: api.setting.attachmentSize })}</Text>}
              </FileUpload.DropzoneContent>
            </FileUpload.Dropzone>
          </FileUpload.Root>
        </Stack>
      )}
      {api.uploading && (
        <Stack gap="1" data-testid="upload-progress">
          <Text fontSize="sm">{t('upload.uploading', { name: api.uploading.name, percent: api.uploading.percent })}</Text>
          <Progress.Root size="sm" value={api.uploading.percent} max={100} data-part="progress">
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </Stack>
      )}
      {problem && (
        <Alert.Root status="error" size="sm" role="alert" data-part="problem" data-testid="upload-problem">
          <Alert.Indicator />
          <Alert.Title flex="1">{problem.text ?? t(problem.key, problem.params)}</Alert.Title>
          <CloseButton size="2xs" aria-label={t('upload.dismiss')} onClick={api.getProblemProps().onDismiss} />
        </Alert.Root>
      )}
      <HStack gap="2" wrap="wrap">
        <Button size="xs" variant="outline" {...api.getBulkDownloadProps()} data-testid="upload-bulk-download">{t('upload.bulkDownload')}</Button>
        {!api.getBulkDeleteProps().hidden && (
          <Button size="xs" variant="outline" colorPalette="red" {...api.getBulkDeleteProps()} hidden={undefined} data-testid="upload-bulk-delete">{t('upload.bulkDelete')}</Button>
        )}
      </HStack>
      <Box height={`${UPLOAD_TABLE_HEIGHT}px`} overflow="auto" borderWidth="1px" borderRadius="md" data-part="table" data-testid="upload-table">
        <Table.Root size="sm" stickyHeader>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader width="8">
                <Checkbox.Root size="sm" {...api.getSelectAllProps()} aria-label={t('upload.selectAll')}>
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                </Checkbox.Root>
              </Table.ColumnHeader>
              <Table.ColumnHeader>{t('upload.column.name')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('upload.column.size')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('upload.column.category')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('upload.column.comment')}</Table.ColumnHeader>
              <Table.ColumnHeader display={{ base: 'none', md: 'table-cell' }}>{t('upload.column.uploadedBy')}</Table.ColumnHeader>
              <Table.ColumnHeader display={{ base: 'none', md: 'table-cell' }}>{t('upload.column.uploadedAt')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('upload.column.actions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {api.files.length === 0 && api.state !== 'loading' && (
              <Table.Row>
                <Table.Cell colSpan={8} textAlign="center" color="fg.muted" data-testid="upload-empty">{t('upload.empty')}</Table.Cell>
              </Table.Row>
            )}
            {api.files.map((file) => (
              <FileRow key={file.id} file={file} api={api} categoryText={categoryText} onPreview={(f) => (onPreview ?? setPreviewing)(f)} />
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      <ConfirmDelete api={api} />
      {!onPreview && <PreviewDialog file={previewing} onClose={() => setPreviewing(null)} />}
    </Stack>
  );
}

/**
 * The dropzone reads a drop's file entries (webkitGetAsEntry); a drop whose items have none (a
 * page's own DataTransfer, some embedded browsers) would be lost, so its files are taken here.
 */
function dropWithoutEntries(transfer: DataTransfer | null, add: (files: File[]) => void) {
  const items = [...(transfer?.items ?? [])].filter((item) => item.kind === 'file');
  if (items.length > 0 && items.every((item) => !item.webkitGetAsEntry?.())) add([...transfer!.files]);
}

/** The business's required types, each marked once a file is filed under it. */
function RequiredTypes({ api }: { api: UploadApi }) {
  const { t } = useI18n();
  const required = api.setting.isSelfSet ? api.setting.attachmentTypeList.filter((x) => x.isRequire) : [];
  if (!required.length) return null;
  const have = new Set(api.files.map((f) => f.fileBusinessType));
  return (
    <HStack gap="2" fontSize="xs" wrap="wrap" data-part="required-types">
      {required.map((x) => (
        <Text key={x.attachmentTypeName} color={have.has(x.attachmentTypeName) ? 'fg.success' : 'fg.error'} data-state={have.has(x.attachmentTypeName) ? 'present' : 'missing'}>
          {x.attachmentTypeName} ({t('upload.requiredMark')})
        </Text>
      ))}
    </HStack>
  );
}

function FileRow({ file, api, categoryText, onPreview }: { file: UploadedFile; api: UploadApi; categoryText: (v: string) => string; onPreview: (f: PreviewFile) => void }) {
  const { t } = useI18n();
  const row = api.getRowProps(file);
  const category = api.getRowCategoryProps(file);
  const comment = api.getCommentProps(file);
  const del = api.getDeleteProps(file);
  return (
    <Table.Row {...row} data-testid="upload-row">
      <Table.Cell>
        <Checkbox.Root size="sm" {...api.getSelectProps(file)} aria-label={t('upload.select', { name: file.originalFileName })}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
        </Checkbox.Root>
      </Table.Cell>
      <Table.Cell data-testid="upload-file-name" minW="32" wordBreak="break-word">{file.originalFileName}</Table.Cell>
      <Table.Cell data-testid="upload-file-size" whiteSpace="nowrap">{formatBytes(file.byteSize)}</Table.Cell>
      <Table.Cell>
        {category.disabled ? (
          <Text data-testid="upload-file-category">{categoryText(file.fileBusinessType)}</Text>
        ) : (
          <NativeSelect.Root size="xs" minW="28">
            <NativeSelect.Field aria-label={t('upload.categoryOf', { name: file.originalFileName })} data-part="row-category" data-testid="upload-file-category" value={category.value} onChange={(e) => category.onChange(e.currentTarget.value)}>
              {category.options.map((c) => (
                <option key={c} value={c}>{categoryText(c)}</option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        )}
      </Table.Cell>
      <Table.Cell>
        <Input
          size="xs"
          key={`${file.id}:${file.comment}`}
          aria-label={t('upload.commentOf', { name: file.originalFileName })}
          data-part="comment"
          maxLength={500}
          defaultValue={comment.defaultValue}
          readOnly={comment.readOnly}
          disabled={comment.disabled}
          onBlur={(e) => comment.onCommit(e.currentTarget.value)}
        />
      </Table.Cell>
      <Table.Cell display={{ base: 'none', md: 'table-cell' }}>{file.createByName}</Table.Cell>
      <Table.Cell display={{ base: 'none', md: 'table-cell' }} whiteSpace="nowrap">{formatDateTime(file.createTime)}</Table.Cell>
      <Table.Cell>
        <HStack gap="1">
          <Button size="2xs" variant="ghost" {...api.getDownloadProps(file)} data-testid="upload-download">{t('upload.download')}</Button>
          {!api.getPreviewProps(file).hidden && (
            <Button size="2xs" variant="ghost" data-part="preview" onClick={() => onPreview({ fileId: file.id, fileName: file.originalFileName })}>{t('upload.preview')}</Button>
          )}
          {!del.hidden && (
            <Button size="2xs" variant="ghost" colorPalette="red" data-part="delete" data-testid="upload-delete" disabled={del.disabled} onClick={del.onClick}>{t('upload.delete')}</Button>
          )}
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
}

function ConfirmDelete({ api }: { api: UploadApi }) {
  const { t } = useI18n();
  const confirming = api.confirming;
  const cancel = api.getConfirmCancelProps();
  return (
    <Dialog.Root role="alertdialog" open={!!confirming} onOpenChange={(d) => !d.open && cancel.onClick()} placement="center" size="sm">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-part="confirm" data-testid="upload-confirm">
            <Dialog.Header>
              <Dialog.Title>{t('upload.confirm.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{confirming && (confirming.count === 1 && confirming.name ? t('upload.confirm.one', { name: confirming.name }) : t('upload.confirm.many', { count: confirming.count }))}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button size="sm" variant="ghost" {...cancel}>{t('upload.confirm.cancel')}</Button>
              <Button size="sm" colorPalette="red" {...api.getConfirmOkProps()} data-testid="upload-confirm-ok">{t('upload.confirm.ok')}</Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export type { AttachmentProblem };
