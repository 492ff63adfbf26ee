import { CERT_FACTORIES } from '../constants';
import { Body, OneOf, Text, Type, endpoint, type Static } from './define';
import { LoginAnswer, USER_CODE_MAX, UserCode } from './common';

/**
 * Certificate login and business confirmation (shell §4, §7 "Certificate login"; DECISIONS
 * "Certificate login calls"; docs/certificates.md). The spec names queryFactoryAndLicense and
 * validateCert with their bodies; the challenge and the certificate login are ours.
 *
 * - The vendor: `factory` picks the adapter (src/services/cert/factory.ts), `license` is handed
 *   to the local toolkit's licence check, `issuerPattern` filters the listed certificates (the
 *   same pattern the server's verification applies), `minToolkitVersion` is the spec's `{ip}`.
 * - The challenge: at least 128 random bits, used once, expiring after CERT_CHALLENGE_SECONDS.
 *   The browser signs its text (UTF-8) as a detached signature and sends it back with the text.
 * - The validation flag validateCert answers is bound to the user (their session), the function
 *   that asked (the 412's `funcCode`) and CERT_FLAG_SECONDS; the business call carries it in the
 *   `valid-flag` header and it is used up by that call.
 */

export const CertFactory = OneOf(CERT_FACTORIES);
/** A challenge's text as the server issued it (base64url). */
export const Challenge = Text(128, { min: 22, pattern: '^[A-Za-z0-9_-]+$' });
/** Detached PKCS#7/CMS SignedData, base64 DER; bounded (an RSA-4096 signature with its certificate is under 4 KB). */
export const SignedData = Text(16384, { min: 16, pattern: '^[A-Za-z0-9+/=\\r\\n]+$' });
/** Certificate serial, hex as the agents list it. */
export const CertSerial = Text(64, { min: 1, pattern: '^[0-9A-Fa-f]+$' });
/** The function a confirmation is for: its page address (menu funcUrl), as route `func` names it. */
export const FuncCode = Text(200, { min: 1 });

export const VendorInfo = Type.Object({
  factory: CertFactory,
  license: Type.String(),
  issuerPattern: Type.String(),
  minToolkitVersion: Type.String(),
});
export type VendorInfo = Static<typeof VendorInfo>;

export const AuthInfo = Type.Object({
  ...VendorInfo.properties,
  challenge: Type.String(),
  /** Epoch ms after which the challenge is refused. */
  expiresAt: Type.Integer(),
});
export type AuthInfo = Static<typeof AuthInfo>;

/** `data` of a 412 a cert-set answers: the certificate dialog, not the yes/no question. */
export const CertRequired = Type.Object({ certRequired: Type.Literal(true), funcCode: Type.String(), message: Type.String() });
export type CertRequired = Static<typeof CertRequired>;

const UserName = Type.Optional(Type.Union([Text(USER_CODE_MAX), Type.Null()]));
const certCall = { anonymous: true, notEncrypted: true } as const;

export const cert = {
  factoryAndLicense: endpoint({
    path: '/api/fsmc/common/cert/queryFactoryAndLicense',
    summary: 'The certificate vendor (factory), its licence, the licence’s issuer pattern and the minimum toolkit version. Not encrypted (shell §7).',
    body: Body({ userName: UserName }),
    data: VendorInfo,
    flags: { ...certCall, read: true },
    client: { noLoading: true },
  }),
  authInfo: endpoint({
    method: 'GET',
    path: '/api/fsmc/login/auth/getAuthInfo',
    summary: 'A one-time challenge to sign (at least 128 random bits, short expiry) with the vendor information.',
    data: AuthInfo,
    flags: { anonymous: true },
    client: { noLoading: true },
  }),
  authLogin: endpoint({
    path: '/api/fsmc/login/auth/authLogin',
    summary: 'Certificate login: the detached signature of a live challenge by a certificate bound to the user. Answers like /login/login.',
    body: Body({ userCode: UserCode, signedData: SignedData, serialNumber: CertSerial, challenge: Challenge }),
    data: LoginAnswer,
    flags: { ...certCall, login: 'cert' },
    client: { inlineErrors: true },
  }),
  validateCert: endpoint({
    path: '/api/fsmc/common/cert/validateCert',
    summary: 'Business confirmation: verifies the signature of a live challenge by the caller’s bound certificate; answers the validation flag for funcCode.',
    body: Body({ signedData: SignedData, userName: UserName, challenge: Challenge, funcCode: FuncCode }),
    data: Type.String(),
    flags: { notEncrypted: true },
    client: { inlineErrors: true },
  }),
};
