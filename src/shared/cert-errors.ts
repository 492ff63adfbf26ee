/**
 * Certificate errors of shell §5 and §8, as one typed value: a key naming the locale message
 * (module `cert`) and, for the toolkit's errors, the hex code it is shown with.
 *
 * The spec names the toolkit's errors but not their numbers, except "unimplemented method"
 * (code 1) and success (0). The numbers below are ours (docs/certificates-client.md); the
 * reference agent answers with them, and a real vendor's numbers are mapped in its adapter.
 */

/** The toolkit error table of shell §8: hex code → name (the locale key is `cert.toolkit.<name>`). */
export const TOOLKIT_ERRORS = {
  0x00000001: 'unimplemented',
  0x80000001: 'parameterType',
  0x80000002: 'listCertificates',
  0x80000003: 'csr',
  0x80000004: 'install',
  0x80000005: 'sign',
  0x80000006: 'verify',
  0x80000007: 'encrypt',
  0x80000008: 'decrypt',
  0x80000009: 'hashMismatch',
  0x8000000a: 'invalidLicence',
  0x8000000b: 'versionMismatch',
  0x8000000c: 'localCall',
  0x8000000d: 'invalidConfig',
  // Not in the spec's table: outcomes at the key itself, which the agent must report apart.
  0x80000010: 'cancelled',
  0x80000011: 'wrongPin',
} as const satisfies Record<number, string>;
export type ToolkitErrorName = (typeof TOOLKIT_ERRORS)[keyof typeof TOOLKIT_ERRORS];
/** Success on the toolkit's wire. */
export const TOOLKIT_OK = 0;
/** The codes by name, for adapters and the reference agent. */
export const TOOLKIT_CODE = Object.fromEntries(Object.entries(TOOLKIT_ERRORS).map(([hex, name]) => [name, Number(hex)])) as Record<ToolkitErrorName, number>;

/** Client-side errors (shell §5, §8 and the adapters' own failures); locale key `cert.error.<key>`. */
export const CLIENT_CERT_ERRORS = [
  /** 'Unsupported browser!' (shell §5). */
  'unsupportedBrowser',
  /** '没有找到符合License的证书': the filtered list is empty. */
  'noLicensedCertificate',
  /** '尚未选择证书'. */
  'noCertificateSelected',
  /** '加密失败': the signature could not be made. */
  'signFailed',
  /** comCert.validFail: the server refused the signature. */
  'validFail',
  /** The certificate lacks digital signature (key usage 128). */
  'keyUsageSign',
  /** The certificate lacks key encipherment (key usage 32). */
  'keyUsageEncrypt',
  /** SM2 with a hash other than SM3, or RSA with SM3. */
  'hashKeyMismatch',
  /** A hash name the rules do not know. */
  'hashUnsupported',
  /** The issuer pattern of the licence is not a readable regular expression. */
  'licencePattern',
  /** A version string that is not dotted numbers. */
  'versionUnreadable',
  /** No agent port answered the probe. */
  'agentUnavailable',
  /** An operation outlived CERT_AGENT_TIMEOUT_MS. */
  'agentTimeout',
  /** The agent answered something that is not its protocol. */
  'agentProtocol',
  /** The factory value names no known vendor. */
  'unknownFactory',
] as const;
export type ClientCertErrorKey = (typeof CLIENT_CERT_ERRORS)[number];

export type CertErrorInfo =
  | { kind: 'client'; key: ClientCertErrorKey; detail?: string }
  /** name is undefined for a code outside the table: shown with the generic message. */
  | { kind: 'toolkit'; code: number; name: ToolkitErrorName | undefined; detail?: string };

/** The rejection of every certificate operation, and the error half of every rule's result. */
export class CertError extends Error {
  readonly info: CertErrorInfo;
  constructor(info: CertErrorInfo) {
    super(info.kind === 'client' ? `cert.${info.key}${info.detail ? `: ${info.detail}` : ''}` : `${hexCode(info.code)} ${info.name ?? 'unknown'}${info.detail ? `: ${info.detail}` : ''}`);
    this.name = 'CertError';
    this.info = info;
  }
}

export const clientError = (key: ClientCertErrorKey, detail?: string) => new CertError(detail === undefined ? { kind: 'client', key } : { kind: 'client', key, detail });

export function toolkitError(code: number, detail?: string): CertError {
  const name = (TOOLKIT_ERRORS as Record<number, ToolkitErrorName>)[code >>> 0];
  return new CertError(detail === undefined ? { kind: 'toolkit', code: code >>> 0, name } : { kind: 'toolkit', code: code >>> 0, name, detail });
}

export const isCertError = (e: unknown): e is CertError => e instanceof CertError;

/** "0x8000000A": eight hex digits, as vendors print their codes; negative wire values read as unsigned. */
export function hexCode(code: number): string {
  return `0x${(code >>> 0).toString(16).toUpperCase().padStart(8, '0')}`;
}

/** The locale key of an error's message and its parameters. */
export function certErrorMessage(info: CertErrorInfo): { key: string; params: Record<string, string> } {
  if (info.kind === 'client') return { key: `cert.error.${info.key}`, params: {} };
  if (info.name) return { key: `cert.toolkit.${info.name}`, params: {} };
  return { key: 'cert.toolkit.unknown', params: { code: hexCode(info.code) } };
}

/** What the user reads: toolkit errors as "hex code + localised message", others the message alone. */
export function certErrorText(info: CertErrorInfo, t: (key: string, params: Record<string, string>) => string): string {
  const { key, params } = certErrorMessage(info);
  const message = t(key, params);
  return info.kind === 'toolkit' ? `${hexCode(info.code)} ${message}` : message;
}
