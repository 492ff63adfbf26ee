import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { fromPromise } from 'xstate';
import { I18nProvider } from '../../src/services/i18n/react';
import { system } from '../../src/services/theme-system';
import { certOption, type SignInput, type SignOutput } from '../../src/machines/certificate.machine';
import type { CertificateInfo } from '../../src/services/cert/vendor';
import { clientError, toolkitError, TOOLKIT_CODE } from '../../src/shared/cert-errors';
import { ApiError } from '../../src/services/http/client';
import { httpEvents, type SessionSignal } from '../../src/services/http/events';
import { CertLogin, type CertLoginDeps } from '../../src/views/login/CertLogin';
import { LISTED_CERTIFICATES } from '../support/listed-certificates';
import { fill, messagesOf, serveLocales } from './support/locale';

// The certificate tab of the login page with the real certificate machine and CertSelect; the
// agent (list, sign) and the login call are doubles. What a user reads comes from the locale files.
const login = messagesOf('login');
const loginEn = messagesOf('login', 'en-US');
const sel = messagesOf('certselect');
const selEn = messagesOf('certselect', 'en-US');
const certZh = messagesOf('cert');
serveLocales(['login', 'certselect', 'cert'], { resizeObserver: true });
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(cleanup);

const CERTS = LISTED_CERTIFICATES;
const USER = { id: 42, userCode: 'alice', userName: 'Alice', userNameEn: null, userType: 1, staffType: 1, orgId: null, orgCode: null, orgName: null, gender: null, themeName: null, navColor: null };

function doubles(options: { list?: () => Promise<CertificateInfo[]>; sign?: (i: SignInput) => Promise<SignOutput>; login?: () => Promise<unknown> } = {}) {
  const listed: unknown[] = [];
  const logins: unknown[] = [];
  let entered = 0;
  const deps: CertLoginDeps = {
    actors: () => ({
      listCertificates: fromPromise(async ({ input }) => {
        listed.push(input);
        return (options.list ?? (async () => CERTS))();
      }),
      sign: fromPromise<SignOutput, SignInput>(async ({ input }) => (options.sign ? options.sign(input) : { signedData: 'MIIBsigned', challenge: 'Q2hhbGxlbmdlLTEyOC1iaXRzLW9r' })),
    }),
    certLogin: async (body) => {
      logins.push(body);
      if (options.login) return (await options.login()) as never;
      return { JwtToken: 'jwt-cert-1', lang: 'zh-CN', loginUserInfo: USER } as never;
    },
    enter: () => void entered++,
  };
  return { deps, listed, logins, entered: () => entered };
}

const show = (deps: CertLoginDeps, lang = 'zh-CN') => {
  localStorage.setItem('lang', lang);
  return render(
    <ChakraProvider value={system}>
      <I18nProvider modules={['login', 'certselect', 'cert']}>
        <CertLogin deps={deps} />
      </I18nProvider>
    </ChakraProvider>,
  );
};

async function ready(name = sel.label) {
  const form = await screen.findByTestId('cert-login');
  const select = (await within(form).findByRole('combobox', { name })) as HTMLSelectElement;
  await waitFor(() => expect(select.options).toHaveLength(CERTS.length + 1));
  return { form, select, user: screen.getByTestId('cert-login-user') as HTMLInputElement, submit: screen.getByTestId('cert-login-submit') as HTMLButtonElement };
}

/** Types the user code, picks the certificate and presses the login button, once the list is read. */
async function logInAs(userCode: string, serial: string) {
  const fields = await ready();
  fireEvent.change(fields.user, { target: { value: userCode } });
  fireEvent.change(fields.select, { target: { value: serial } });
  await waitFor(() => expect(fields.submit.disabled).toBe(false));
  fireEvent.click(fields.submit);
  return fields;
}

describe('certificate login tab', () => {
  it('reads the list on opening; user code, certificate and the login button log in as the password login does', async () => {
    const signals: SessionSignal[] = [];
    const off = httpEvents.on('session', (s) => void signals.push(s));
    const d = doubles();
    show(d.deps);
    const { form, select, user, submit } = await ready();
    expect(d.listed).toEqual([{ userName: null }]);
    expect(within(form).getByText(login.cert.tip)).toBeTruthy();
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual([sel.placeholder, ...CERTS.map((c) => certOption(c).text)]);
    // Labelled for the keyboard and screen readers: the user field by its label, the button by its text.
    expect(within(form).getByLabelText(login.userCode)).toBe(user);
    expect(within(form).getByRole('button', { name: login.submit })).toBe(submit);
    expect(submit.disabled).toBe(true);
    fireEvent.change(user, { target: { value: ' alice ' } });
    fireEvent.change(select, { target: { value: 's2' } });
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.submit(form);
    await waitFor(() => expect(d.entered()).toBe(1));
    expect(d.logins).toEqual([{ userCode: 'alice', signedData: 'MIIBsigned', serialNumber: 's2', challenge: 'Q2hhbGxlbmdlLTEyOC1iaXRzLW9r' }]);
    // Kept exactly as the password login keeps its grant (after-login.ts): token, user, session signals.
    expect(localStorage.getItem('sessionKey')).toBe('jwt-cert-1');
    expect(JSON.parse(sessionStorage.getItem('loginUserInfo') ?? 'null')).toMatchObject({ userCode: 'alice', id: 42 });
    expect(signals).toEqual([{ type: 'SESSION.START' }, { type: 'SESSION.STARTED', userId: '42' }]);
    off();
  });

  it('asks for the user code before signing anything', async () => {
    const d = doubles();
    show(d.deps);
    const { select, submit } = await ready();
    fireEvent.change(select, { target: { value: 's1' } });
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.click(submit);
    expect((await screen.findByTestId('cert-login-user-error')).textContent).toBe(login.cert.userCodeRequired);
    expect(d.logins).toEqual([]);
    expect(screen.getByTestId('cert-login-select').getAttribute('data-state')).toBe('choosing');
  });

  it('a server refusal is shown with its message and the list is read again; no session is kept', async () => {
    const signals: SessionSignal[] = [];
    const off = httpEvents.on('session', (s) => void signals.push(s));
    const d = doubles({ login: async () => Promise.reject(new ApiError(200, 2905, '该证书未绑定此用户')) });
    show(d.deps);
    const { user } = await logInAs('alice', 's1');
    expect((await screen.findByTestId('cert-login-select-warning')).textContent).toContain(fill(sel.validFail, { error: '该证书未绑定此用户' }));
    await waitFor(() => expect(d.listed).toHaveLength(2));
    expect([d.entered(), localStorage.getItem('sessionKey'), signals.at(-1)]).toEqual([0, null, { type: 'SESSION.FAIL' }]);
    // The user code stays for the next try.
    expect(user.value).toBe('alice');
    off();
  });

  it('a certificate error at the key is shown with its hex code and localised message', async () => {
    const d = doubles({ sign: async () => Promise.reject(toolkitError(TOOLKIT_CODE.wrongPin)) });
    show(d.deps);
    await logInAs('alice', 's1');
    expect((await screen.findByTestId('cert-login-select-warning')).textContent).toContain(`0x80000011 ${certZh.toolkit.wrongPin}`);
    expect(d.logins).toEqual([]);
  });

  it('a listing failure says why, in English, and the refresh icon reads again', async () => {
    let fail = true;
    const d = doubles({ list: async () => (fail ? Promise.reject(clientError('agentUnavailable')) : CERTS) });
    show(d.deps, 'en-US');
    const status = await screen.findByTestId('cert-login-select-status');
    await waitFor(() => expect(status.getAttribute('role')).toBe('alert'));
    expect(status.textContent).toContain(selEn.listFailed.split('{{')[0]);
    expect(screen.getByLabelText(loginEn.userCode)).toBeTruthy();
    fail = false;
    act(() => void fireEvent.click(screen.getByRole('button', { name: selEn.refresh })));
    await ready(selEn.label);
    expect(d.listed).toHaveLength(2);
  });
});
