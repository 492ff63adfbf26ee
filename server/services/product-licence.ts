import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Product licence files (docs/licences.md): what the server signs when a licence is made, and
 * how a file handed back is read and checked. The signed bytes are the payload's JSON exactly as
 * it travels (base64 between PEM-like armour lines), so no canonical form is needed; the lines
 * above the armour only repeat the payload for a person reading the file and are not trusted.
 */

export const LICENCE_FORMAT = 'treasury-portal-licence/1';
const BEGIN = '-----BEGIN PRODUCT LICENCE-----';
const END = '-----END PRODUCT LICENCE-----';
const BEGIN_SIGNATURE = '-----BEGIN PRODUCT LICENCE SIGNATURE-----';
const END_SIGNATURE = '-----END PRODUCT LICENCE SIGNATURE-----';

/** What a licence grants, as signed (the order of the keys is the file's). */
export interface LicencePayload {
  format: typeof LICENCE_FORMAT;
  licenseNo: string;
  licensee: string;
  maxUsers: number;
  validFrom: string;
  validTo: string;
  machineCode: string | null;
  issuedAt: string;
  keyId: string;
}

export interface LicenceSigner {
  /** The first 16 hex digits of the SHA-256 of the public key (SPKI DER): which key signed a file. */
  keyId: string;
  publicKeyPem: string;
  sign(data: Buffer): Buffer;
  verify(data: Buffer, signature: Buffer): boolean;
}

const signers = new Map<string, LicenceSigner>();

/**
 * The signer of a key file, made the first time it is asked for (an Ed25519 key, mode 0600). Two
 * processes making it at once both link a complete file in place; the one that loses reads the
 * winner's, so a deployment never signs with two keys.
 */
export function licenceSigner(file: string): LicenceSigner {
  const known = signers.get(file);
  if (known) return known;
  const key = readOrMakeKey(file);
  const publicKey = crypto.createPublicKey(key);
  const der = publicKey.export({ type: 'spki', format: 'der' });
  const signer: LicenceSigner = {
    keyId: crypto.createHash('sha256').update(der).digest('hex').slice(0, 16),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    sign: (data) => crypto.sign(null, data, key),
    verify: (data, signature) => crypto.verify(null, data, publicKey, signature),
  };
  signers.set(file, signer);
  return signer;
}

function readOrMakeKey(file: string): crypto.KeyObject {
  const read = () => crypto.createPrivateKey(fs.readFileSync(file));
  try {
    return read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const { privateKey } = crypto.generateKeyPairSync('ed25519');
  const temp = `${file}.${process.pid}.${crypto.randomBytes(6).toString('hex')}.tmp`;
  fs.writeFileSync(temp, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  try {
    fs.linkSync(temp, file);
    return privateKey;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return read();
    throw error;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, ' ');
const wrap = (base64: string) => base64.match(/.{1,64}/g)!.join('\n');

/** The licence file of a payload, signed. */
export function licenceFile(signer: LicenceSigner, payload: LicencePayload): string {
  const bytes = Buffer.from(JSON.stringify(payload), 'utf8');
  const signature = signer.sign(bytes);
  return [
    `Product licence ${payload.licenseNo} for ${oneLine(payload.licensee)}`,
    `Valid from ${payload.validFrom} to ${payload.validTo}, at most ${payload.maxUsers} users${payload.machineCode ? `, machine ${payload.machineCode}` : ''}`,
    BEGIN,
    wrap(bytes.toString('base64')),
    END,
    BEGIN_SIGNATURE,
    wrap(signature.toString('base64')),
    END_SIGNATURE,
    '',
  ].join('\n');
}

/** How a licence file handed back stands (docs/licences.md, "Checking a licence"). */
export type LicenceCheck =
  | { status: 'unreadable' }
  | { status: 'otherKey' | 'badSignature'; licence: LicencePayload | null }
  | { status: 'valid' | 'notYetValid' | 'expired'; licence: LicencePayload };

const between = (text: string, begin: string, end: string): string | null => {
  const from = text.indexOf(begin);
  const to = text.indexOf(end, from + begin.length);
  if (from < 0 || to < 0) return null;
  const body = text.slice(from + begin.length, to).replace(/\s+/g, '');
  return /^[A-Za-z0-9+/]+={0,2}$/.test(body) ? body : null;
};

function payloadOf(bytes: Buffer): LicencePayload | null {
  try {
    const value = JSON.parse(bytes.toString('utf8')) as Partial<LicencePayload> | null;
    if (!value || value.format !== LICENCE_FORMAT || typeof value.licenseNo !== 'string' || typeof value.validFrom !== 'string' || typeof value.validTo !== 'string' || typeof value.keyId !== 'string') return null;
    return value as LicencePayload;
  } catch {
    return null;
  }
}

/** Reads a licence file and checks its signature with the signer's key and its dates against `today` (yyyy-MM-dd). */
export function checkLicence(signer: LicenceSigner, text: string, today: string): LicenceCheck {
  const body = between(text, BEGIN, END);
  const signature = between(text, BEGIN_SIGNATURE, END_SIGNATURE);
  if (!body || !signature) return { status: 'unreadable' };
  const bytes = Buffer.from(body, 'base64');
  const licence = payloadOf(bytes);
  if (!licence) return { status: 'unreadable' };
  if (licence.keyId !== signer.keyId) return { status: 'otherKey', licence };
  if (!signer.verify(bytes, Buffer.from(signature, 'base64'))) return { status: 'badSignature', licence: null };
  if (today < licence.validFrom) return { status: 'notYetValid', licence };
  if (today > licence.validTo) return { status: 'expired', licence };
  return { status: 'valid', licence };
}
