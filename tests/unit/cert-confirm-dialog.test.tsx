import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nProvider } from '../../src/services/i18n/react';
import { system } from '../../src/services/theme-system';
import { ApiError, request } from '../../src/services/http/client';
import { httpEvents, type ToastEvent } from '../../src/services/http/events';
import { CERT_AGENT_PORTS, HEADERS } from '../../src/shared/constants';
import { CODE } from '../../src/shared/codes';
import { RequestLayer } from '../../src/widgets/request-layer/RequestLayer';
import { LOCALE, messagesOf } from './support/locale';

/**
 * A 412 asking for a certificate (data.certRequired, the contract's CertRequired) on a page
 * with the real request layer: the certificate dialog opens where the yes/no confirmation
 * would, its validation's flag goes with the held request sent again, and closing it declines
 * the request quietly. Only fetch is a double: it plays the server (the business route, the
 * certificate calls of the contract) and the tianwei agent's wire at once.
 */
const sel = messagesOf('certselect');
const req = messagesOf('request');
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const AGENT = `https://127.0.0.1:${CERT_AGENT_PORTS[0]}`;
const CHALLENGE = 'Q2hhbGxlbmdlLTEyOC1iaXRzLW9r';
const WIRE_CERT = {
  serialNumber: '0a01',
  subject: '/C=CN/O=Test Treasury/CN=Alice',
  commonName: 'Alice',
  issuer: '/C=CN/O=Test Treasury CA/CN=Test RSA CA',
  notBefore: '2020-01-01T00:00:00Z',
  notAfter: '2099-01-01T00:00:00Z',
  keyUsage: 160,
  keyAlgorithm: 'RSA',
  keySize: 2048,
  store: 'MY',
  certificate: 'MIIB',
};
const VENDOR = { factory: 'tianwei', license: 'LICENCE-1', issuerPattern: 'O=Test Treasury CA', minToolkitVersion: '1.0.0' };

type Sent = { url: string; method: string; headers: Record<string, string>; body: unknown };
let sent: Sent[] = [];
let certRequired = true;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const answer = (data: unknown) => json({ code: CODE.ok, msg: '', data });

const realFetch = globalThis.fetch;
const realUserAgent = Object.getOwnPropertyDescriptor(window.navigator, 'userAgent');
beforeAll(() => {
  Object.defineProperty(window.navigator, 'userAgent', { value: CHROME, configurable: true });
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const locale = url.match(/locale\/(\w+)\/([\w-]+)\/index\.json$/);
    if (locale) return new Response(readFileSync(join(LOCALE, locale[1]!, locale[2]!, 'index.json'), 'utf8'), { status: 200 });
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    sent.push({ url, method: init.method ?? 'GET', headers: (init.headers ?? {}) as Record<string, string>, body });
    // The agent's wire (docs/certificates-client.md).
    if (url === `${AGENT}/PortRight`) return new Response('', { status: 200 });
    if (url === `${AGENT}/version`) return json({ code: 0, msg: '', data: { version: '1.2.10' } });
    if (url === `${AGENT}/licence`) return json({ code: 0, msg: '', data: null });
    if (url === `${AGENT}/certs`) return json({ code: 0, msg: '', data: [WIRE_CERT] });
    if (url === `${AGENT}/sign`) return json({ code: 0, msg: '', data: { signedData: 'MIIBsigned' } });
    if (url.startsWith('https://127.0.0.1')) throw new TypeError('Failed to fetch');
    // The server.
    if (url.endsWith('/api/fsmc/common/cert/queryFactoryAndLicense')) return answer(VENDOR);
    if (url.endsWith('/api/fsmc/login/auth/getAuthInfo')) return answer({ ...VENDOR, challenge: CHALLENGE, expiresAt: Date.now() + 60_000 });
    if (url.endsWith('/api/fsmc/common/cert/validateCert')) return answer('FLAG-7');
    if (url.endsWith('/api/fsmc/pay/submit')) {
      const headers = (init.headers ?? {}) as Record<string, string>;
      if (headers[HEADERS.validFlag]) return answer({ paid: true, flag: headers[HEADERS.validFlag] });
      const data = certRequired ? { certRequired: true, funcCode: '/pay/submit', message: '付款须验证证书' } : { validFlag: 'YES-FLAG', message: '确定付款？' };
      return json({ code: CODE.confirmRequired, msg: '需要确认', data }, 412);
    }
    return new Response('', { status: 404 });
  }) as typeof fetch;
});
afterAll(() => {
  globalThis.fetch = realFetch;
  if (realUserAgent) Object.defineProperty(window.navigator, 'userAgent', realUserAgent);
  else delete (window.navigator as unknown as Record<string, unknown>).userAgent;
});
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  localStorage.setItem('lang', 'zh-CN');
  sent = [];
  certRequired = true;
});
afterEach(cleanup);

async function page() {
  await act(async () => {
    render(
      <ChakraProvider value={system}>
        <I18nProvider modules={['request', 'certselect', 'cert']}>
          <RequestLayer />
        </I18nProvider>
      </ChakraProvider>,
    );
  });
  // The layer listens once mounted; a 412 before that would be refused at once.
  await waitFor(() => expect(httpEvents.heard('precondition')).toBe(true));
}
/** The business call, as a page makes it (the loading overlay counts it at once). */
function pay() {
  let paid!: Promise<{ paid: boolean; flag: string }>;
  act(() => {
    paid = request<{ paid: boolean; flag: string }>({ url: '/api/fsmc/pay/submit', data: { id: 7 }, notEncrypt: true });
  });
  return paid;
}
const businessCalls = () => sent.filter((s) => s.url.endsWith('/api/fsmc/pay/submit'));

describe('a 412 asking for a certificate', () => {
  it('opens the certificate dialog, not the yes/no one; the validation\'s flag goes with the request sent again', async () => {
    await page();
    const paid = pay();
    const dialog = await screen.findByRole('dialog', { name: sel.title });
    expect(dialog.getAttribute('data-testid')).toBe('cert-confirm');
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
    const select = (await within(dialog).findByRole('combobox', { name: sel.label })) as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(2));
    fireEvent.change(select, { target: { value: '0a01' } });
    const validate = within(dialog).getByRole('button', { name: sel.validate }) as HTMLButtonElement;
    await waitFor(() => expect(validate.disabled).toBe(false));
    fireEvent.click(validate);
    await act(() => expect(paid).resolves.toEqual({ paid: true, flag: 'FLAG-7' }));
    // validateCert named the function of the 412, the signed challenge and the logged-in user (none here).
    const validation = sent.find((s) => s.url.endsWith('/validateCert'))!;
    expect(validation.body).toEqual({ signedData: 'MIIBsigned', userName: null, challenge: CHALLENGE, funcCode: '/pay/submit' });
    expect(businessCalls().map((s) => s.headers[HEADERS.validFlag] ?? null)).toEqual([null, 'FLAG-7']);
    await waitFor(() => expect(screen.queryByTestId('cert-confirm')).toBeNull());
  });

  it('closing the dialog declines the held request quietly: nothing is sent again, nothing toasts', async () => {
    const toasts: ToastEvent[] = [];
    const off = httpEvents.on('toast', (t) => void toasts.push(t));
    await page();
    const paid = pay().catch((e: unknown) => e);
    const dialog = await screen.findByTestId('cert-confirm');
    // What the page did before (its envelope key asked of a server that has none here) is not ours.
    toasts.length = 0;
    fireEvent.click(within(dialog).getByRole('button', { name: sel.close }));
    const error = (await act(() => paid)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect([error.status, error.cancelled, error.message]).toEqual([412, true, req.confirm.cancelled]);
    expect(businessCalls()).toHaveLength(1);
    expect(sent.some((s) => s.url.endsWith('/validateCert'))).toBe(false);
    await waitFor(() => expect(screen.queryByTestId('cert-confirm')).toBeNull());
    expect(toasts).toEqual([]);
    off();
  });

  it('a 412 without certRequired still asks yes or no, and sends its own flag', async () => {
    certRequired = false;
    await page();
    const paid = pay();
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(screen.queryByTestId('cert-confirm')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: req.confirm.ok }));
    await act(() => expect(paid).resolves.toEqual({ paid: true, flag: 'YES-FLAG' }));
  });
});
