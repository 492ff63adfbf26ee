import { Body, Id, Required, Text, Type, endpoint } from './define';
import { SystemSetting } from './login';

/** What the login page reads before anyone logs in: parameters, logos, the app download code. */
export const FileRow = Type.Object({
  id: Id,
  originalFileName: Type.String(),
  fileExtName: Type.String(),
  fileMBSize: Type.Number(),
  createTime: Type.Unsafe<string>({ type: 'string', format: 'date-time' }),
  createByName: Type.String(),
  fileBusinessType: Type.String(),
  deleteFlag: Type.String(),
  comment: Type.String(),
  url: Type.String(),
});

export const loginPage = {
  params: endpoint({
    method: 'GET',
    path: '/api/fsmc/common/query-sys-param-set/-by-/login-page',
    summary: 'The login page’s parameters: title, login types, QR timings, forgot-password and app-download switches, logos.',
    data: Type.Object({
      ...SystemSetting.properties,
      qrExpiresSeconds: Type.Integer(),
      qrPollIntervalMs: Type.Integer(),
      forgotPasswordEnabled: Type.Boolean(),
      appDownloadEnabled: Type.Boolean(),
      logoFiles: Type.Array(Type.Object({ id: Id, originalFileName: Type.String(), url: Type.String() })),
    }),
    flags: { anonymous: true },
    client: { noLoading: true },
  }),
  fileList: endpoint({
    path: '/api/fsmc/common/query-upload-file-list',
    summary: 'Files of one business record (orderNo). The login page’s logos need no session; any other orderNo does.',
    body: Body({ orderNo: Required(64), systemCode: Type.Optional(Text(16)), fileBusinessType: Type.Optional(Text(64)) }),
    data: Type.Array(FileRow),
    flags: { anonymous: true },
  }),
  viewFile: endpoint({
    method: 'GET',
    path: '/api/fsmc/components/upload/view-file',
    summary: 'A stored file’s bytes (inline). Public files need no session.',
    body: Body({ id: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }) }),
    data: Type.Null(),
    flags: { anonymous: true },
    file: true,
  }),
  appDownload: endpoint({
    path: '/api/fsmc/login/out/app/download/generate',
    summary: 'A QR image of the mobile app’s download address (1250 when none is configured).',
    data: Type.Object({ qrImage: Type.String(), url: Type.String() }),
    flags: { anonymous: true, read: true },
  }),
};
