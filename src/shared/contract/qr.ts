import { Body, Empty, Nothing, Text, Timestamp, Type, endpoint } from './define';
import { LoginAnswer, Nullable } from './common';

/** QR-code login: the login page generates and polls; a logged-in user confirms (docs/api/shell.md). */
export const QrStatus = Type.Enum(['waiting', 'confirmed', 'expired', 'consumed']);
const QrId = Body({ qrId: Text(64, { min: 16, pattern: '^[A-Za-z0-9_-]+$' }) });

export const qr = {
  generate: endpoint({
    path: '/api/fsmc/login/qrcode/in/generate',
    summary: 'A one-time QR login code: its id, image, confirmation address and expiry. Throttled per address.',
    body: Empty,
    data: Type.Object({ qrId: Type.String(), qrImage: Type.String(), confirmUrl: Type.String(), expiresAt: Timestamp }),
    flags: { anonymous: true, read: true },
    client: { noLoading: true },
  }),
  status: endpoint({
    path: '/api/fsmc/login/qrcode/in/status',
    summary: 'The waiting page’s poll; the one poll that sees `confirmed` also receives the session.',
    body: QrId,
    data: Type.Object({
      status: QrStatus,
      expiresAt: Nullable(Timestamp),
      JwtToken: Type.Optional(LoginAnswer.properties.JwtToken),
      lang: Type.Optional(LoginAnswer.properties.lang),
      loginUserInfo: Type.Optional(LoginAnswer.properties.loginUserInfo),
    }),
    flags: { anonymous: true, login: 'qrcode' },
    client: { noLoading: true },
  }),
  detail: endpoint({
    path: '/api/fsmc/login/qrcode/in/detail',
    summary: 'What the confirming user checks: which browser asks (address, user agent) and until when.',
    body: QrId,
    data: Type.Object({ status: QrStatus, createdAt: Timestamp, expiresAt: Timestamp, clientAddress: Nullable(Type.String()), userAgent: Nullable(Type.String()) }),
    flags: { read: true },
  }),
  confirm: endpoint({ path: '/api/fsmc/login/qrcode/in/confirm', summary: 'The logged-in user confirms a waiting code.', body: QrId, data: Nothing }),
};
