/**
 * The agent's injected failures and disguises (issue 14 point 6), set through the control
 * endpoint or in-process: a toolkit code for the next N calls of one operation (or all), a
 * delay, a reported version, certificates or whole stores hidden, certificates listed as
 * valid when they are not, and signing with a hash the key refuses. Everything holds until
 * used up or reset. No clock of its own: delays are served by the server.
 */
import { TOOLKIT_CODE, TOOLKIT_ERRORS, type ToolkitErrorName } from '../src/shared/cert-errors';
import { CERT_STORES } from '../src/shared/constants';

/** The canonical operation names (the toolkit's paths); cfca's methods map onto them. */
export const OPERATIONS = ['version', 'licence', 'certs', 'sign', 'verify', 'containers', 'enc', 'dec', 'hash', 'rand', 'symm', 'csr', 'install'] as const;
export type Operation = (typeof OPERATIONS)[number];

/** Friendly names for the outcomes a test injects most, besides every name of the toolkit table. */
const ALIASES: Record<string, number> = { cancel: TOOLKIT_CODE.cancelled, cancelled: TOOLKIT_CODE.cancelled, wrongPin: TOOLKIT_CODE.wrongPin, versionMismatch: TOOLKIT_CODE.versionMismatch };

export interface Fault {
  op: Operation | '*';
  code: number;
  message?: string;
  /** Calls left; null until reset. */
  remaining: number | null;
}
export interface Delay {
  op: Operation | '*';
  ms: number;
  remaining: number | null;
}

/** What POST /control takes; every field optional, applied in this order. */
export interface ControlRequest {
  /** code: a name of the toolkit table (`sign`, `invalidLicence`…), an alias (cancel, wrongPin, versionMismatch), a number or hex text ("0x80000005"). */
  fault?: { code: string | number; op?: string; times?: number; message?: string };
  delay?: { ms: number; op?: string; times?: number };
  /** The version `version` reports (e.g. one below the configured minimum). */
  version?: string;
  /** Certificates (PKI names such as rsaExpired, or serials) or stores (MY, Address) to leave out of listings. */
  hide?: string[];
  /** Undoes hide for these; ["*"] shows everything again. */
  show?: string[];
  /** List only these certificates (names or serials); null lists all again. */
  only?: string[] | null;
  /** Certificates (names or serials) listed as valid now whatever their dates say. */
  misreportValidity?: string[];
  /** Sign with a hash the key refuses (SM2 with SHA1…) instead of answering hashMismatch. */
  signAnyHash?: boolean;
}

export interface ControlState {
  faults: Fault[];
  delays: Delay[];
  version: string | null;
  hidden: string[];
  only: string[] | null;
  misreportValidity: string[];
  signAnyHash: boolean;
}

export class ControlError extends Error {}

const fresh = (): ControlState => ({ faults: [], delays: [], version: null, hidden: [], only: null, misreportValidity: [], signAnyHash: false });

/** A toolkit code from a name, alias, number or hex text; throws ControlError otherwise. */
export function parseCode(code: string | number): number {
  if (typeof code === 'number' && Number.isInteger(code)) return code >>> 0;
  if (typeof code === 'string') {
    if (code in ALIASES) return ALIASES[code]!;
    const byName = Object.entries(TOOLKIT_ERRORS).find(([, n]) => n === (code as ToolkitErrorName));
    if (byName) return Number(byName[0]);
    if (/^(0x)?[0-9a-f]{1,8}$/i.test(code)) return parseInt(code.replace(/^0x/i, ''), 16) >>> 0;
  }
  throw new ControlError(`unknown code ${String(code)}`);
}

function parseOp(op: string | undefined): Operation | '*' {
  if (op === undefined || op === '*') return '*';
  if ((OPERATIONS as readonly string[]).includes(op)) return op as Operation;
  throw new ControlError(`unknown operation ${op}`);
}
function parseTimes(times: number | undefined): number | null {
  if (times === undefined) return null;
  if (!Number.isInteger(times) || times < 1) throw new ControlError('times must be a positive integer');
  return times;
}
const strings = (v: unknown, what: string): string[] => {
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) throw new ControlError(`${what} must be a list of strings`);
  return v as string[];
};

export function createControl() {
  let state = fresh();

  /** Takes one use of the first matching rule of a list. */
  function take<T extends { op: Operation | '*'; remaining: number | null }>(list: T[], op: Operation): T | null {
    const i = list.findIndex((r) => r.op === '*' || r.op === op);
    if (i < 0) return null;
    const rule = list[i]!;
    if (rule.remaining !== null && --rule.remaining <= 0) list.splice(i, 1);
    return rule;
  }

  return {
    state: (): ControlState => structuredClone(state),
    reset() {
      state = fresh();
    },
    /** Validates the whole request first, so a bad one changes nothing. */
    apply(req: ControlRequest) {
      if (typeof req !== 'object' || req === null) throw new ControlError('not an object');
      const next = structuredClone(state);
      if (req.fault !== undefined) {
        const f = req.fault;
        next.faults.push({ op: parseOp(f.op), code: parseCode(f.code), remaining: parseTimes(f.times), ...(typeof f.message === 'string' ? { message: f.message } : {}) });
      }
      if (req.delay !== undefined) {
        if (typeof req.delay.ms !== 'number' || req.delay.ms < 0 || req.delay.ms > 600_000) throw new ControlError('delay.ms must be 0..600000');
        next.delays.push({ op: parseOp(req.delay.op), ms: req.delay.ms, remaining: parseTimes(req.delay.times) });
      }
      if (req.version !== undefined) {
        if (typeof req.version !== 'string') throw new ControlError('version must be text');
        next.version = req.version;
      }
      if (req.hide !== undefined) next.hidden = [...new Set([...next.hidden, ...strings(req.hide, 'hide')])];
      if (req.show !== undefined) {
        const show = strings(req.show, 'show');
        next.hidden = show.includes('*') ? [] : next.hidden.filter((h) => !show.includes(h));
      }
      if (req.only !== undefined) next.only = req.only === null ? null : strings(req.only, 'only');
      if (req.misreportValidity !== undefined) next.misreportValidity = strings(req.misreportValidity, 'misreportValidity');
      if (req.signAnyHash !== undefined) next.signAnyHash = req.signAnyHash === true;
      state = next;
    },
    /** The injected failure for this call, if any (used up by asking). */
    takeFault: (op: Operation): Fault | null => take(state.faults, op),
    takeDelay: (op: Operation): number => take(state.delays, op)?.ms ?? 0,
    version: (configured: string) => state.version ?? configured,
    /** Whether a listing shows the entry: neither it nor its store hidden, and in `only` when set. */
    listed(e: { name: string; serialNumber: string; store: string }) {
      const names = [e.name, e.serialNumber];
      const named = (x: string) => names.includes(x) || x.toLowerCase() === e.serialNumber;
      if (state.hidden.some((h) => named(h) || ((CERT_STORES as readonly string[]).includes(h) && h === e.store))) return false;
      return state.only === null || state.only.some(named);
    },
    misreported: (e: { name: string; serialNumber: string }) => state.misreportValidity.some((m) => m === e.name || m.toLowerCase() === e.serialNumber),
    signAnyHash: () => state.signAnyHash,
  };
}
export type Control = ReturnType<typeof createControl>;
