/**
 * The agent's operations, once for every wire (tianwei's and the toolkit's paths, cfca's
 * methods): each takes the request body and answers `{ code, msg, data? }` with a toolkit code
 * of the shell §8 table (src/shared/cert-errors.ts). Injected failures and delays (control.ts)
 * come first. Signatures are real (agent/pki/cms.ts) with the stored keys.
 */
import { TOOLKIT_CODE, TOOLKIT_OK } from '../src/shared/cert-errors';
import { CERT_STORES, RSA_KEY_SIZES, SM2_KEY_SIZE } from '../src/shared/constants';
import type { CertStore } from '../src/services/cert/vendor';
import { signDetached } from './pki/cms';
import type { KeyPair } from './pki/keys';
import type { Control, Operation } from './control';
import { certificationRequest, newKeyPair, SLASH_DN } from './csr';
import { envelope, openEnvelope } from './envelope';
import { verifiesLocally } from './local-verify';
import { certificatePem, entryFromCertificate, wireCertificate, type StoreEntry } from './store';
import { digestHex, isHashName, randomBase64, RAND_MAX_BYTES, symmetric, HASHES } from './symmetric';

export interface Answer {
  code: number;
  msg: string;
  data?: unknown;
}

export interface OperationsOptions {
  entries: StoreEntry[];
  /** The licence `licence` accepts. */
  licence: string;
  /** The version `version` reports (control may override it). */
  version: string;
  control: Control;
  now?: () => Date;
}

const ok = (data?: unknown): Answer => (data === undefined ? { code: TOOLKIT_OK, msg: '' } : { code: TOOLKIT_OK, msg: '', data });
const fail = (code: number, msg: string): Answer => ({ code, msg });
const parameter = (what: string) => fail(TOOLKIT_CODE.parameterType, what);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStore = (v: unknown): v is CertStore => (CERT_STORES as readonly unknown[]).includes(v);
const isText = (v: unknown): v is string => typeof v === 'string';
const isSerial = (v: unknown): v is string => isText(v) && /^[0-9a-fA-F]{1,64}$/.test(v);
const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function createOperations(options: OperationsOptions) {
  const { licence, version, control, now = () => new Date() } = options;
  const entries = [...options.entries];
  /** Keys made by csr, waiting for their certificate's install (by public key). */
  const pending = new Map<string, { key: KeyPair; container: string }>();
  let csrCount = 0;

  const listed = (stores: readonly CertStore[]) => entries.filter((e) => stores.includes(e.store) && control.listed(e));
  const find = (serial: string, store: CertStore) => listed([store]).find((e) => e.serialNumber === serial.toLowerCase());

  const handlers: Record<Operation, (b: Record<string, unknown>) => Answer> = {
    version: () => ok({ version: control.version(version) }),

    licence: (b) => {
      if (!isText(b.licence)) return parameter('licence');
      return b.licence === licence ? ok() : fail(TOOLKIT_CODE.invalidLicence, 'licence refused');
    },

    certs: (b) => {
      const stores = b.stores ?? CERT_STORES;
      if (!Array.isArray(stores) || !stores.every(isStore)) return parameter('stores');
      return ok(listed(stores).map((e) => wireCertificate(e, control.misreported(e) ? now() : undefined)));
    },

    sign: (b) => {
      if (!isSerial(b.serialNumber) || !isStore(b.store) || !isText(b.data) || !isHashName(b.hash)) return parameter('serialNumber, store, data, hash');
      if (b.detached === false) return fail(TOOLKIT_CODE.unimplemented, 'attached signatures are not emulated');
      const e = find(b.serialNumber, b.store);
      if (!e?.key) return fail(TOOLKIT_CODE.sign, `no key for ${b.serialNumber} in ${b.store}`);
      // Shell §5: SM2 signs with SM3 only, RSA never with SM3 (unless a test wants the wrong pair signed).
      if ((e.keyAlgorithm === 'SM2') !== (b.hash === 'SM3') && !control.signAnyHash()) return fail(TOOLKIT_CODE.hashMismatch, `${e.keyAlgorithm} with ${b.hash}`);
      try {
        return ok({ signedData: signDetached({ data: b.data, certificatePem: certificatePem(e), key: e.key, hash: HASHES[b.hash], signingTime: now() }) });
      } catch (err) {
        return fail(TOOLKIT_CODE.sign, message(err));
      }
    },

    verify: (b) => {
      if (!isText(b.signedData) || !isText(b.data)) return parameter('signedData, data');
      try {
        return ok({ valid: verifiesLocally(b.signedData, Buffer.from(b.data, 'utf8')) });
      } catch (err) {
        return fail(TOOLKIT_CODE.verify, message(err));
      }
    },

    containers: () => {
      const byName = new Map<string, { name: string; keyAlgorithm: string; certificates: string[] }>();
      for (const e of listed(CERT_STORES)) {
        if (!e.key || !e.container) continue;
        const c = byName.get(e.container) ?? { name: e.container, keyAlgorithm: e.keyAlgorithm, certificates: [] };
        c.certificates.push(e.serialNumber);
        byName.set(e.container, c);
      }
      return ok([...byName.values()]);
    },

    enc: (b) => {
      if (!isText(b.certificate) || !isText(b.data)) return parameter('certificate, data');
      let recipient: StoreEntry;
      try {
        recipient = entryFromCertificate(Buffer.from(b.certificate, 'base64').toString('hex'), 'Address', 'recipient', null, null);
      } catch (err) {
        return fail(TOOLKIT_CODE.encrypt, `certificate: ${message(err)}`);
      }
      if (recipient.keyAlgorithm === 'SM2') return fail(TOOLKIT_CODE.unimplemented, 'SM2 envelopes are not emulated');
      try {
        return ok({ encryptedData: envelope(recipient.der, Buffer.from(b.data, 'utf8')) });
      } catch (err) {
        return fail(TOOLKIT_CODE.encrypt, message(err));
      }
    },

    dec: (b) => {
      if (!isSerial(b.serialNumber) || !isStore(b.store) || !isText(b.encryptedData)) return parameter('serialNumber, store, encryptedData');
      const e = find(b.serialNumber, b.store);
      if (!e?.key) return fail(TOOLKIT_CODE.decrypt, `no key for ${b.serialNumber} in ${b.store}`);
      if (e.keyAlgorithm === 'SM2') return fail(TOOLKIT_CODE.unimplemented, 'SM2 envelopes are not emulated');
      try {
        return ok({ data: openEnvelope(b.encryptedData, e.serialNumber, e.key).toString('utf8') });
      } catch (err) {
        return fail(TOOLKIT_CODE.decrypt, message(err));
      }
    },

    hash: (b) => (isHashName(b.algorithm) && isText(b.data) ? ok({ digest: digestHex(b.algorithm, b.data) }) : parameter('algorithm, data')),

    rand: (b) => (Number.isInteger(b.length) && (b.length as number) >= 1 && (b.length as number) <= RAND_MAX_BYTES ? ok({ random: randomBase64(b.length as number) }) : parameter(`length 1..${RAND_MAX_BYTES}`)),

    symm: (b) => {
      if ((b.algorithm !== 'SM4' && b.algorithm !== 'AES') || (b.mode !== 'encrypt' && b.mode !== 'decrypt') || !isText(b.key) || !isText(b.data) || (b.iv !== undefined && !isText(b.iv))) {
        return parameter('algorithm, mode, key, iv, data');
      }
      try {
        return ok({ data: symmetric({ algorithm: b.algorithm, mode: b.mode, key: b.key, data: b.data, ...(b.iv !== undefined ? { iv: b.iv } : {}) }) });
      } catch (err) {
        return fail(TOOLKIT_CODE.parameterType, message(err));
      }
    },

    csr: (b) => {
      const rsa = b.keyAlgorithm === 'RSA' && (RSA_KEY_SIZES as readonly unknown[]).includes(b.keySize);
      const sm2 = b.keyAlgorithm === 'SM2' && (b.keySize === SM2_KEY_SIZE || b.keySize === undefined);
      if (!isText(b.subject) || !SLASH_DN.test(b.subject) || !(rsa || sm2) || (b.container !== undefined && !isText(b.container))) {
        return parameter('subject (/C=…/CN=…), keyAlgorithm RSA 1024|2048|4096 or SM2 256, container');
      }
      try {
        const key = newKeyPair(b.keyAlgorithm as 'RSA' | 'SM2', b.keySize as number);
        const container = (b.container as string | undefined) ?? `csr-${++csrCount}`;
        const { der } = certificationRequest(b.subject, key);
        pending.set(key.spkiHex, { key, container });
        return ok({ csr: der.toString('base64') });
      } catch (err) {
        return fail(TOOLKIT_CODE.csr, message(err));
      }
    },

    install: (b) => {
      if (!Array.isArray(b.certificates) || !b.certificates.length || !b.certificates.every(isText) || !isStore(b.store) || (b.container !== undefined && !isText(b.container))) {
        return parameter('certificates, store, container');
      }
      const added: StoreEntry[] = [];
      for (const c of b.certificates as string[]) {
        try {
          const probe = entryFromCertificate(Buffer.from(c, 'base64').toString('hex'), b.store, '', null, null);
          const mine = pending.get(probe.spkiHex);
          added.push({ ...probe, name: `installed-${probe.serialNumber}`, key: mine?.key ?? null, container: mine?.container ?? (b.container as string | undefined) ?? null });
        } catch (err) {
          return fail(TOOLKIT_CODE.install, `certificate: ${message(err)}`);
        }
      }
      for (const a of added) {
        pending.delete(a.spkiHex);
        const same = entries.findIndex((e) => e.store === a.store && e.serialNumber === a.serialNumber && e.issuer === a.issuer);
        if (same >= 0) entries.splice(same, 1, a);
        else entries.push(a);
      }
      return ok();
    },
  };

  return {
    /** One call: the injected delay, then an injected failure, else the operation itself. */
    async run(op: Operation, body: unknown): Promise<Answer> {
      const ms = control.takeDelay(op);
      if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
      const fault = control.takeFault(op);
      if (fault) return fail(fault.code, fault.message ?? 'injected');
      if (!isRecord(body)) return parameter('body must be a JSON object');
      try {
        return handlers[op](body);
      } catch (err) {
        // Nothing above should throw; if it does, the toolkit's own "local call failure".
        return fail(TOOLKIT_CODE.localCall, message(err));
      }
    },
    entries: () => entries as readonly StoreEntry[],
  };
}
export type Operations = ReturnType<typeof createOperations>;
