import { Body, Id, Nothing, Required, Text, Timestamp, Type, endpoint, type Static } from './define';
import { ATTACHMENT_SYSTEM_CODE, UPLOAD_CONTENT_FILTER_FIELD } from '../constants';
import { ORDER_NO_PATTERN } from '../attachments';

/**
 * The attachment calls (widgets §7 "Files", portal-shell §7 "uploads"; issue 13 point 4;
 * docs/attachments.md), written once for the upload widget and the server's routes in
 * server/routes/fsmc/upload.ts. Every call needs a session; which files a caller may touch is
 * the record's business: a file attached to a record is read by whoever may read the record, and
 * changed by whoever may change it; a draft's files only by their uploader.
 */

/** `<resource code>:<record id>` or `draft:<uuid>` (src/shared/attachments.ts). */
export const OrderNo = Text(64, { min: 1, pattern: ORDER_NO_PATTERN });
export const SystemCode = Text(16, { min: 1, pattern: '^[0-9A-Za-z_-]+$' });
export const Category = Text(64, { min: 1 });
export const FILE_COMMENT_MAX = 500;
/** The most files one bulk download or delete names. */
export const BULK_FILES_MAX = 200;
/** `idList` of a GET: ids joined by commas. */
export const ID_LIST_PATTERN = `^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,${BULK_FILES_MAX - 1}}$`;

/** An uploaded file as the list shows it (widgets §3 "Uploaded file"). */
export const UploadedFile = Type.Object({
  id: Id,
  orderNo: Type.String(),
  originalFileName: Type.String(),
  fileExtName: Type.String(),
  fileMBSize: Type.Number(),
  /** The exact size, for the table's human-readable size. */
  byteSize: Type.Integer({ minimum: 0 }),
  createTime: Timestamp,
  createByName: Type.String(),
  /** The category; ATTACHMENT_DEFAULT_CATEGORY (`upload-none-defalut`, verbatim) when none was chosen. */
  fileBusinessType: Type.String(),
  /** '' or '1': deletable; '0': not. */
  deleteFlag: Type.String(),
  comment: Type.String(),
});
export type UploadedFile = Static<typeof UploadedFile>;

export const AttachmentSettingSchema = Type.Object({
  attachmentFlag: Type.Boolean(),
  attachmentOuterUrl: Type.String(),
  isSelfSet: Type.Boolean(),
  defaultIsRequire: Type.Boolean(),
  isLimit: Type.Boolean(),
  attachmentSize: Type.Integer({ minimum: 0 }),
  attachmentTypeList: Type.Array(Type.Object({ attachmentTypeName: Type.String(), isRequire: Type.Boolean() })),
});

/** The multipart fields of an upload, beside the file part `file`. */
export const UploadFields = Body({
  orderNo: OrderNo,
  systemCode: Type.Optional(SystemCode),
  fileBusinessType: Type.Optional(Category),
  comment: Type.Optional(Text(FILE_COMMENT_MAX)),
  [UPLOAD_CONTENT_FILTER_FIELD]: Type.Optional(Type.String({ maxLength: 8 })),
});
export type UploadFieldValues = Static<typeof UploadFields>;

const base = '/api/fsmc/components/upload';

export const upload = {
  upload: endpoint({
    path: `${base}/upload-file`,
    summary: `Uploads one file (multipart: the fields below, then the part \`file\`) to a record or a draft. Streamed to the file store under a server-generated name; refused above the size limit (2700, naming it), of a type not accepted (2701), when its bytes are not what its extension says (2702), above the setting's count (2704). systemCode defaults to ${ATTACHMENT_SYSTEM_CODE}. Answers the stored file.`,
    body: UploadFields,
    data: UploadedFile,
    multipart: true,
  }),
  list: endpoint({
    path: `${base}/query-upload-file-list`,
    summary: 'The files of a record or draft, oldest first (a record the caller may not read: 2706).',
    body: Body({ orderNo: OrderNo, systemCode: Type.Optional(SystemCode), fileBusinessType: Type.Optional(Category) }),
    data: Type.Array(UploadedFile),
    client: { noLoading: true },
  }),
  attachments: endpoint({
    path: `${base}/query-attachment`,
    summary: 'The files of a record or draft as id and name.',
    body: Body({ orderNo: OrderNo, systemCode: Type.Optional(SystemCode) }),
    data: Type.Array(Type.Object({ id: Id, originalFileName: Type.String() })),
    client: { noLoading: true },
  }),
  remove: endpoint({
    path: `${base}/delete-file`,
    summary: 'Deletes one file: its deleteFlag must allow it (2707) and the caller must be able to change its record (2708).',
    body: Body({ id: Id }),
    data: Nothing,
  }),
  removeMany: endpoint({
    path: `${base}/delete-files`,
    summary: 'Deletes the chosen files that may be deleted (nothing chosen: 2712; none deletable: 2713); answers the ids deleted.',
    body: Body({ idList: Type.Array(Id, { maxItems: BULK_FILES_MAX }) }),
    data: Type.Object({ deleted: Type.Array(Id) }),
  }),
  updateComment: endpoint({
    path: `${base}/update-file-comment`,
    summary: 'Sets a file’s category (one of the business’s types: 2711) and comment.',
    body: Body({ id: Id, fileBusinessType: Type.Optional(Category), comment: Type.Optional(Text(FILE_COMMENT_MAX)) }),
    data: UploadedFile,
  }),
  download: endpoint({
    method: 'GET',
    path: `${base}/download-file`,
    summary: 'One file (`id`) as an attachment, or several (`idList`, comma-separated) as one zip streamed as it is written. The session travels in the header, never in the address.',
    body: Body({ id: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,9}$' })), idList: Type.Optional(Type.String({ maxLength: 11 * BULK_FILES_MAX, pattern: ID_LIST_PATTERN })) }),
    data: Nothing,
    file: true,
  }),
  setting: endpoint({
    path: `${base}/query-attachment-type-set`,
    summary: 'The attachment setting of a business (the resource code of its records): flags, count limit, external address and types with isRequire. A business with none: attachments off.',
    body: Body({ businessCode: Required(64) }),
    data: AttachmentSettingSchema,
    client: { noLoading: true },
  }),
};
