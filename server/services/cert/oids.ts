/**
 * The object identifiers certificate login meets: PKCS#7/CMS (RFC 5652), PKCS#1, and the
 * Chinese GM/T 0006/0010 ones for SM2/SM3. One table shared by the verifier and the test PKI,
 * so both sides agree on every byte.
 */
export const OID = {
  // CMS content types (RFC 5652) and their GM/T 0010 twins
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  gmData: '1.2.156.10197.6.1.4.2.1',
  gmSignedData: '1.2.156.10197.6.1.4.2.2',
  // signed attributes
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  // digests
  sha1: '1.3.14.3.2.26',
  sha256: '2.16.840.1.101.3.4.2.1',
  sm3: '1.2.156.10197.1.401',
  // keys
  rsaEncryption: '1.2.840.113549.1.1.1',
  ecPublicKey: '1.2.840.10045.2.1',
  sm2Curve: '1.2.156.10197.1.301',
  // signatures
  sha1WithRSA: '1.2.840.113549.1.1.5',
  sha256WithRSA: '1.2.840.113549.1.1.11',
  sm3WithRSA: '1.2.156.10197.1.504',
  /** GM/T 0010's SignerInfo signature algorithm ("sm2-1"). */
  sm2Sign: '1.2.156.10197.1.301.1',
  /** SM3withSM2, what certificates and CRLs carry. */
  sm3WithSM2: '1.2.156.10197.1.501',
} as const;

export type HashName = 'sha1' | 'sha256' | 'sm3';
export type KeyKind = 'rsa' | 'sm2';

export const HASH_BY_OID: Record<string, HashName> = {
  [OID.sha1]: 'sha1',
  [OID.sha256]: 'sha256',
  [OID.sm3]: 'sm3',
};
export const OID_BY_HASH: Record<HashName, string> = { sha1: OID.sha1, sha256: OID.sha256, sm3: OID.sm3 };

/** Certificate and CRL signature algorithms: the hash and the key family each implies. */
export const SIGNATURE_ALGORITHMS: Record<string, { hash: HashName; key: KeyKind }> = {
  [OID.sha1WithRSA]: { hash: 'sha1', key: 'rsa' },
  [OID.sha256WithRSA]: { hash: 'sha256', key: 'rsa' },
  [OID.sm3WithRSA]: { hash: 'sm3', key: 'rsa' },
  [OID.sm3WithSM2]: { hash: 'sm3', key: 'sm2' },
};

/**
 * SignerInfo signature algorithms: CMS writers put either the bare key algorithm or the
 * combined one there; only the key family matters, the hash comes from digestAlgorithm.
 */
export const SIGNER_KEY_BY_OID: Record<string, KeyKind> = {
  [OID.rsaEncryption]: 'rsa',
  [OID.sha1WithRSA]: 'rsa',
  [OID.sha256WithRSA]: 'rsa',
  [OID.sm3WithRSA]: 'rsa',
  [OID.sm2Sign]: 'sm2',
  [OID.sm3WithSM2]: 'sm2',
  [OID.sm2Curve]: 'sm2',
  [OID.ecPublicKey]: 'sm2',
};
