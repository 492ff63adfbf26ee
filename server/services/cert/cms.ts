/**
 * Reading a detached CMS/PKCS#7 SignedData (RFC 5652 §5, and GM/T 0010's twin with its own
 * OIDs) into the parts a verifier needs. Only reading: nothing here decides trust.
 */
import { asn1, oidAt } from './x509';
import { OID } from './oids';

export interface SignedAttributes {
  /** The DER of the attributes as a SET (tag 31): the bytes the signature covers. */
  setHex: string;
  contentType: string | null;
  messageDigest: string | null;
}

export interface ParsedSignedData {
  /** Certificates carried in the signature, DER hex: candidates for the signer, never trust anchors. */
  certificates: string[];
  signer: {
    issuerDer: string | null;
    serial: string | null;
    subjectKeyId: string | null;
    digestAlgorithm: string;
    signatureAlgorithm: string;
    signedAttributes: SignedAttributes | null;
    signatureHex: string;
  };
}

const tag = (hex: string, idx: number) => hex.slice(idx, idx + 2);

/** Throws on anything that is not a well-formed SignedData with one signer. */
export function parseSignedData(base64: string): ParsedSignedData {
  const hex = Buffer.from(base64, 'base64').toString('hex');
  if (!hex || !asn1.isASN1HEX(hex)) throw new Error('not DER');
  const type = oidAt(hex, [0]);
  if (type !== OID.signedData && type !== OID.gmSignedData) throw new Error(`content type ${type}`);
  const sd = asn1.getTLVbyList(hex, 0, [1, 0]);
  if (!sd) throw new Error('no SignedData');
  const parts = asn1.getChildIdx(sd, 0);
  const certificates: string[] = [];
  let signerInfos: string | null = null;
  for (const idx of parts.slice(3)) {
    if (tag(sd, idx) === 'a0') for (const c of asn1.getChildIdx(sd, idx)) certificates.push(asn1.getTLV(sd, c));
    if (tag(sd, idx) === '31') signerInfos = asn1.getTLV(sd, idx);
  }
  if (!signerInfos) throw new Error('no signerInfos');
  const infos = asn1.getChildIdx(signerInfos, 0);
  if (infos.length !== 1) throw new Error(`${infos.length} signers`);
  const si = asn1.getTLV(signerInfos, infos[0]!);
  const f = asn1.getChildIdx(si, 0);
  if (f.length < 5) throw new Error('short SignerInfo');
  const sidIdx = f[1]!;
  let issuerDer: string | null = null;
  let serial: string | null = null;
  let subjectKeyId: string | null = null;
  if (tag(si, sidIdx) === '30') {
    const [issuerIdx, serialIdx] = asn1.getChildIdx(si, sidIdx);
    issuerDer = asn1.getTLV(si, issuerIdx!);
    serial = asn1.getV(si, serialIdx!);
  } else if (tag(si, sidIdx) === '80') {
    subjectKeyId = asn1.getV(si, sidIdx);
  }
  const oidOf = (idx: number) => asn1.hextooidstr(asn1.getV(si, asn1.getChildIdx(si, idx)[0]!));
  const digestAlgorithm = oidOf(f[2]!);
  let next = 3;
  let signedAttributes: SignedAttributes | null = null;
  if (tag(si, f[3]!) === 'a0') {
    const implicit = asn1.getTLV(si, f[3]!);
    const setHex = '31' + implicit.slice(2); // RFC 5652 §5.4: the signature covers the EXPLICIT SET OF
    let contentType: string | null = null;
    let messageDigest: string | null = null;
    for (const a of asn1.getChildIdx(setHex, 0)) {
      const [oidIdx, valuesIdx] = asn1.getChildIdx(setHex, a);
      const attr = asn1.hextooidstr(asn1.getV(setHex, oidIdx!));
      const values = asn1.getChildIdx(setHex, valuesIdx!);
      if (values.length !== 1) throw new Error(`attribute ${attr} has ${values.length} values`);
      if (attr === OID.contentType) contentType = asn1.hextooidstr(asn1.getV(setHex, values[0]!));
      if (attr === OID.messageDigest) messageDigest = asn1.getV(setHex, values[0]!);
    }
    signedAttributes = { setHex, contentType, messageDigest };
    next = 4;
  }
  const signatureAlgorithm = oidOf(f[next]!);
  const sigIdx = f[next + 1];
  if (sigIdx === undefined || tag(si, sigIdx) !== '04') throw new Error('no signature value');
  return {
    certificates,
    signer: { issuerDer, serial, subjectKeyId, digestAlgorithm, signatureAlgorithm, signedAttributes, signatureHex: asn1.getV(si, sigIdx) },
  };
}
