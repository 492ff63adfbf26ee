import { assign, emit, fromPromise, setup } from 'xstate';
import { isCertError, type CertErrorInfo } from '../shared/cert-errors';
import type { CertificateInfo } from '../shared/certificate';

/**
 * The certificate validation flow of portal-shell §4, step by step (docs/certificates.md,
 * "The validation machine"). Pure: the vendor's local agent (`listCertificates`, `sign`), the
 * server (`validateCert`), the business call (`businessRequest`) and the page change
 * (`navigate`) are actors provided from outside; the `certVaild` flag is written by the
 * provided actions `markValidating` (set to 1) and `clearValidating` (removed).
 *
 * - The flag is set when the component opens and when a validation fails; it is removed on a
 *   successful validation and when the dialog is closed.
 * - The list is read on opening (page mode opens on load), on the refresh icon, and again
 *   after a failure. Which vendor flavour reads it (the factory) is the list actor's business.
 * - On success: callable → the `success` event; a json function URL → the business request
 *   (POST unless PUT) with the validation flag, then its data (`done` event) or, when a
 *   redirect URL exists, the `caSuccess` event and navigation there; an html function URL →
 *   navigation to it with the parameters as query.
 * - On failure: a warning, the list cleared, the dialog (re)opened and the list read again.
 */

/** One option of the drop-down (shell §3): the label shown and the certificate's serial number. */
export interface CertOption {
  text: string;
  value: string;
}

/** A certificate as the drop-down names it: its holder, key and serial number. */
export const certOption = (c: CertificateInfo): CertOption => ({ text: `${c.commonName} · ${c.keyAlgorithm} ${c.keySize} · ${c.serialNumber}`, value: c.serialNumber });

export interface ListCertificatesInput {
  userName: string | null;
}
/**
 * The certificate to sign with (the vendor's `signDetached` takes it whole); the provider asks
 * the server's challenge and signs it.
 */
export interface SignInput {
  certificate: CertificateInfo;
  userName: string | null;
}
/** What the agent signed for the server: the detached signature of the server's challenge. */
export interface SignOutput {
  signedData: string;
  /** The server's challenge that was signed: the server checks it is live and used once. */
  challenge: string;
}
/** A failure as the view says it: a certificate error (its locale key and hex code) or a message. */
export interface CertFailure {
  message: string;
  cert: CertErrorInfo | null;
}
export interface ValidateCertInput {
  signedData: string;
  userName: string | null;
  challenge: string;
  /** The function the validation flag is for (the 412's funcCode); null at a login. */
  funcCode: string | null;
  /** The chosen certificate (the certificate login names it). */
  serialNumber: string;
}
/** The server's answer to validateCert: the validation flag. */
export type ValidFlag = string;

export type BusinessMethod = 'POST' | 'PUT';
export interface BusinessRequestInput {
  url: string;
  method: BusinessMethod;
  params: Record<string, unknown>;
  validFlag: ValidFlag;
}
export interface NavigateInput {
  url: string;
  params: Record<string, unknown>;
}

export type CertificateMode = 'dialog' | 'page';

export interface CertificateInput {
  mode?: CertificateMode;
  /** Several certificates may be chosen (the dialog is CERT_DIALOG_MULTI_EXTRA wider). */
  multiple?: boolean;
  userName?: string | null;
  /** Raise the `success` event on a validation (shell §4 a). */
  callable?: boolean;
  /** The function to call or open once validated (shell §4 b, c). */
  funcUrl?: string | null;
  type?: 'json' | 'html';
  method?: BusinessMethod;
  params?: Record<string, unknown>;
  /** Where a successful business call sends the user (the 412's cert-redirect-url). */
  redirectUrl?: string | null;
  /** The function asking for the validation (the 412's funcCode): the flag is bound to it. */
  funcCode?: string | null;
}

export interface CertificateContext {
  mode: CertificateMode;
  multiple: boolean;
  userName: string | null;
  callable: boolean;
  funcUrl: string | null;
  type: 'json' | 'html';
  method: BusinessMethod;
  params: Record<string, unknown>;
  redirectUrl: string | null;
  funcCode: string | null;
  /** What the provider listed, already filtered by the client rules (cert-rules.ts). */
  certificates: CertificateInfo[];
  /** Serial numbers chosen. */
  selected: string[];
  /** Why the list could not be read. */
  listError: CertFailure | null;
  /** The last validation's failure, shown as a warning (comCert.validFail). */
  warning: CertFailure | null;
  signedData: string | null;
  /** The challenge signedData signs. */
  challenge: string | null;
  validFlag: ValidFlag | null;
  /** The business call's data (shell §4 b), or why it failed. */
  data: unknown;
  requestError: string | null;
}

export type CertificateEvent =
  | { type: 'CERT.OPEN' }
  | { type: 'CERT.CLOSE' }
  | { type: 'CERT.REFRESH' }
  | { type: 'CERT.SELECT'; values: string[] }
  | { type: 'CERT.VALIDATE' };

/** Events for the component's owner (`actor.on(...)`). */
export type CertificateEmitted = { type: 'success'; validFlag: ValidFlag } | { type: 'done'; data: unknown } | { type: 'caSuccess'; url: string };

const failureOf = (error: unknown): CertFailure => ({ message: error instanceof Error ? error.message : String(error), cert: isCertError(error) ? error.info : null });
const errorOf = (event: unknown) => failureOf((event as { error?: unknown }).error);

export const certificateMachine = setup({
  types: {
    context: {} as CertificateContext,
    events: {} as CertificateEvent,
    input: {} as CertificateInput,
    emitted: {} as CertificateEmitted,
  },
  actors: {
    listCertificates: fromPromise<CertificateInfo[], ListCertificatesInput>(async () => {
      throw new Error('listCertificates not provided');
    }),
    sign: fromPromise<SignOutput, SignInput>(async () => {
      throw new Error('sign not provided');
    }),
    validateCert: fromPromise<ValidFlag, ValidateCertInput>(async () => {
      throw new Error('validateCert not provided');
    }),
    businessRequest: fromPromise<unknown, BusinessRequestInput>(async () => {
      throw new Error('businessRequest not provided');
    }),
    navigate: fromPromise<void, NavigateInput>(async () => {
      throw new Error('navigate not provided');
    }),
  },
  guards: {
    isPageMode: ({ context }) => context.mode === 'page',
    /** Only a dialog closes; the page-mode drop-down stays as long as its page. */
    isDialogMode: ({ context }) => context.mode === 'dialog',
    hasCertificates: (_, certificates: CertificateInfo[]) => certificates.length > 0,
    hasSelection: ({ context }) => context.selected.length > 0,
    isCallable: ({ context }) => context.callable,
    isJsonCall: ({ context }) => !!context.funcUrl && context.type === 'json',
    isHtmlCall: ({ context }) => !!context.funcUrl && context.type === 'html',
    hasRedirect: ({ context }) => !!context.redirectUrl,
  },
  actions: {
    /** Writes certVaild = 1 (src/services/storage.ts); provided by the component. */
    markValidating: () => {},
    /** Removes certVaild; provided by the component. */
    clearValidating: () => {},
    keepCertificates: assign(({ context }, certificates: CertificateInfo[]) => ({
      certificates,
      // A refresh keeps a choice that is still listed.
      selected: context.selected.filter((s) => certificates.some((c) => c.serialNumber === s)),
      listError: null,
    })),
    keepListError: assign({ listError: ({ event }) => errorOf(event), certificates: [], selected: [] }),
    clearListError: assign({ listError: null }),
    keepSelection: assign({
      selected: ({ context, event }) => {
        if (event.type !== 'CERT.SELECT') return context.selected;
        const known = event.values.filter((v) => context.certificates.some((c) => c.serialNumber === v));
        return context.multiple ? known : known.slice(0, 1);
      },
    }),
    keepSignedData: assign((_, output: SignOutput) => ({ signedData: output.signedData, challenge: output.challenge })),
    keepValidFlag: assign((_, validFlag: ValidFlag) => ({ validFlag, warning: null })),
    keepWarning: assign({ warning: ({ event }) => errorOf(event), signedData: null, challenge: null, validFlag: null }),
    clearCertificates: assign({ certificates: [], selected: [] }),
    clearWarning: assign({ warning: null }),
    keepData: assign({ data: ({ event }) => (event as { output?: unknown }).output ?? null, requestError: null }),
    keepRequestError: assign({ requestError: ({ event }) => errorOf(event).message }),
    emitSuccess: emit(({ context }) => ({ type: 'success' as const, validFlag: context.validFlag ?? '' })),
    emitDone: emit(({ context }) => ({ type: 'done' as const, data: context.data })),
    emitCaSuccess: emit(({ context }) => ({ type: 'caSuccess' as const, url: context.redirectUrl ?? '' })),
  },
}).createMachine({
  id: 'certificate',
  context: ({ input }) => ({
    mode: input.mode ?? 'dialog',
    multiple: input.multiple ?? false,
    userName: input.userName ?? null,
    callable: input.callable ?? false,
    funcUrl: input.funcUrl ?? null,
    type: input.type ?? 'json',
    method: input.method ?? 'POST',
    params: input.params ?? {},
    redirectUrl: input.redirectUrl ?? null,
    funcCode: input.funcCode ?? null,
    certificates: [],
    selected: [],
    listError: null,
    warning: null,
    signedData: null,
    challenge: null,
    validFlag: null,
    data: null,
    requestError: null,
  }),
  initial: 'starting',
  states: {
    /** Page mode is open from the start (its list is read on load); a dialog waits to be opened. */
    starting: {
      always: [{ guard: 'isPageMode', target: 'open', actions: 'markValidating' }, { target: 'closed' }],
    },
    closed: {
      on: { 'CERT.OPEN': { target: 'open', actions: ['markValidating', 'clearWarning'] } },
    },
    open: {
      initial: 'listing',
      on: { 'CERT.CLOSE': { guard: 'isDialogMode', target: 'closed', actions: 'clearValidating' } },
      states: {
        listing: {
          tags: ['loading'],
          entry: 'clearListError',
          invoke: {
            src: 'listCertificates',
            input: ({ context }) => ({ userName: context.userName }),
            onDone: [
              { guard: { type: 'hasCertificates', params: ({ event }) => event.output }, target: 'choosing', actions: { type: 'keepCertificates', params: ({ event }) => event.output } },
              { target: 'empty', actions: { type: 'keepCertificates', params: ({ event }) => event.output } },
            ],
            onError: { target: 'listFailed', actions: 'keepListError' },
          },
        },
        choosing: {
          on: {
            'CERT.SELECT': { actions: 'keepSelection' },
            'CERT.REFRESH': 'listing',
            'CERT.VALIDATE': { guard: 'hasSelection', target: 'signing' },
          },
        },
        /** Nothing listed is an error (shell §5): no certificate matches the licence. */
        empty: { on: { 'CERT.REFRESH': 'listing' } },
        listFailed: { on: { 'CERT.REFRESH': 'listing' } },
        signing: {
          tags: ['validating'],
          invoke: {
            src: 'sign',
            input: ({ context }) => ({ certificate: context.certificates.find((c) => c.serialNumber === context.selected[0])!, userName: context.userName }),
            onDone: { target: 'verifying', actions: { type: 'keepSignedData', params: ({ event }) => event.output } },
            onError: { target: 'listing', actions: ['keepWarning', 'clearCertificates', 'markValidating'] },
          },
        },
        verifying: {
          tags: ['validating'],
          invoke: {
            src: 'validateCert',
            input: ({ context }) => ({ signedData: context.signedData!, userName: context.userName, challenge: context.challenge!, funcCode: context.funcCode, serialNumber: context.selected[0]! }),
            onDone: { target: '#certificate.validated', actions: [{ type: 'keepValidFlag', params: ({ event }) => event.output }, 'clearValidating'] },
            onError: { target: 'listing', actions: ['keepWarning', 'clearCertificates', 'markValidating'] },
          },
        },
      },
    },
    /** Validated: what follows depends on how the component was configured. */
    validated: {
      always: [
        { guard: 'isCallable', target: 'succeeded', actions: 'emitSuccess' },
        { guard: 'isJsonCall', target: 'requesting' },
        { guard: 'isHtmlCall', target: 'navigating' },
        { target: 'succeeded' },
      ],
    },
    succeeded: { on: { 'CERT.OPEN': { target: 'open', actions: ['markValidating', 'clearWarning'] } } },
    requesting: {
      tags: ['busy'],
      invoke: {
        src: 'businessRequest',
        input: ({ context }) => ({ url: context.funcUrl!, method: context.method, params: context.params, validFlag: context.validFlag! }),
        onDone: [
          { guard: 'hasRedirect', target: 'redirecting', actions: ['keepData', 'emitCaSuccess'] },
          { target: 'done', actions: ['keepData', 'emitDone'] },
        ],
        onError: { target: 'requestFailed', actions: 'keepRequestError' },
      },
    },
    done: { on: { 'CERT.OPEN': { target: 'open', actions: ['markValidating', 'clearWarning'] } } },
    /** The business call was refused (the request layer said why); validating again is the way on. */
    requestFailed: { on: { 'CERT.OPEN': { target: 'open', actions: ['markValidating', 'clearWarning'] } } },
    redirecting: {
      tags: ['busy'],
      invoke: { src: 'navigate', input: ({ context }) => ({ url: context.redirectUrl!, params: {} }), onDone: 'left', onError: 'left' },
    },
    navigating: {
      tags: ['busy'],
      invoke: { src: 'navigate', input: ({ context }) => ({ url: context.funcUrl!, params: context.params }), onDone: 'left', onError: 'left' },
    },
    /** The page goes elsewhere. */
    left: { type: 'final' },
  },
});
