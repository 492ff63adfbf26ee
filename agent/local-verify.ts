/**
 * The agent's verify: does a detached signature verify over the data with the certificate it
 * carries. A local check only, as a toolkit's is: no trust, validity or revocation (the
 * server decides those, server/services/cert/verify.ts). Reuses the server's CMS reader.
 */
import { parseSignedData } from '../server/services/cert/cms';
import { HASH_BY_OID, OID } from '../server/services/cert/oids';
import { digest, parseCertificate, verifyWithKey } from '../server/services/cert/x509';

/** Throws when the signature is not a readable SignedData (the toolkit's verify failure). */
export function verifiesLocally(signedData: string, data: Buffer): boolean {
  const parsed = parseSignedData(signedData);
  const { issuerDer, serial, subjectKeyId } = parsed.signer;
  const cert = parsed.certificates
    .map((der) => parseCertificate(der))
    .find((c) => (subjectKeyId ? c.subjectKeyId === subjectKeyId : c.issuerDer === issuerDer && c.serial === serial));
  if (!cert) throw new Error('signer certificate not carried');
  const hash = HASH_BY_OID[parsed.signer.digestAlgorithm];
  if (!hash) throw new Error(`digest ${parsed.signer.digestAlgorithm}`);
  const attrs = parsed.signer.signedAttributes;
  if (attrs) {
    if (attrs.contentType !== OID.data && attrs.contentType !== OID.gmData) return false;
    if (attrs.messageDigest !== digest(hash, data)) return false;
  }
  return verifyWithKey(cert.key, hash, attrs ? Buffer.from(attrs.setHex, 'hex') : data, parsed.signer.signatureHex);
}
