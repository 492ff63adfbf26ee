import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { createActor, fromPromise } from 'xstate';
import { I18nProvider } from '../../src/services/i18n/react';
import { system } from '../../src/services/theme-system';
import { certOption, type CertificateInput } from '../../src/machines/certificate.machine';
import type { CertificateInfo } from '../../src/services/cert/vendor';
import { LISTED_CERTIFICATES } from '../support/listed-certificates';
import { clientError } from '../../src/shared/cert-errors';
import { CertSelect, type CertDialogSize } from '../../src/widgets/cert/CertSelect';
import { certificateLogic } from '../../src/widgets/cert/certificate-logic';
import { fill, messagesOf, serveLocales } from './support/locale';

// The component with the real certificate machine; the agent and the server are doubles of the
// machine's actors. Messages come from locale/certselect, so the test reads what a user reads.
const zh = messagesOf('certselect');
const en = messagesOf('certselect', 'en-US');
const certZh = messagesOf('cert');
serveLocales(['certselect', 'cert'], { resizeObserver: true });
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(cleanup);

const CERTS = LISTED_CERTIFICATES;

function start(input: CertificateInput, list: () => Promise<CertificateInfo[]> = async () => CERTS) {
  const listed: unknown[] = [];
  const signed: unknown[] = [];
  const actor = createActor(
    certificateLogic({
        listCertificates: fromPromise(async ({ input: i }) => {
          listed.push(i);
          return list();
        }),
        sign: fromPromise(async ({ input: i }) => {
          signed.push(i);
          throw clientError('signFailed');
        }),
    }),
    { input },
  ).start();
  return { actor, listed, signed };
}

const show = (actor: ReturnType<typeof start>['actor'], size?: CertDialogSize, lang = 'zh-CN') => {
  localStorage.setItem('lang', lang);
  return render(
    <ChakraProvider value={system}>
      <I18nProvider modules={['certselect', 'cert']}>
        <CertSelect actorRef={actor} size={size} />
      </I18nProvider>
    </ChakraProvider>,
  );
};
const settle = () => act(() => new Promise<void>((r) => setTimeout(r, 0)));

describe('the certificate selection component, dialog mode', () => {
  it.each([
    ['medium', false, 700],
    ['small', false, 600],
    ['mini', false, 500],
    ['medium', true, 1000],
    ['mini', true, 800],
  ] as const)('is %s wide (multi-select %s): %i px, never wider than the screen', async (size, multiple, px) => {
    const { actor } = start({ multiple });
    show(actor, size);
    await settle();
    expect(screen.queryByTestId('cert-select')).toBeNull();
    act(() => actor.send({ type: 'CERT.OPEN' }));
    const dialog = await screen.findByTestId('cert-select');
    expect(dialog.getAttribute('data-width')).toBe(String(px));
    // jsdom's CSS parser spaces min() oddly; what matters is the width capped by the viewport.
    expect(dialog.style.width).toMatch(new RegExp(`^min\\(${px}px\\b.*calc\\(100vw - 2rem\\)\\)$`));
  });

  it('reads the list on every opening, with title, tip and label; validate waits for a choice', async () => {
    const { actor, listed } = start({ userName: 'u1' });
    show(actor);
    await settle();
    expect(listed).toEqual([]);
    act(() => actor.send({ type: 'CERT.OPEN' }));
    const dialog = await screen.findByRole('dialog', { name: zh.title });
    expect(within(dialog).getByText(zh.tip)).toBeTruthy();
    const select = (await within(dialog).findByRole('combobox', { name: zh.label })) as HTMLSelectElement;
    await waitFor(() => expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual([zh.placeholder, ...CERTS.map((c) => certOption(c).text)]));
    expect(listed).toEqual([{ userName: 'u1' }]);
    const validate = within(dialog).getByRole('button', { name: zh.validate }) as HTMLButtonElement;
    expect(validate.disabled).toBe(true);
    fireEvent.change(select, { target: { value: 's2' } });
    await waitFor(() => expect(validate.disabled).toBe(false));
    // The refresh icon reads the list again; closing and opening reads it once more.
    fireEvent.click(within(dialog).getByRole('button', { name: zh.refresh }));
    await waitFor(() => expect(listed).toHaveLength(2));
    act(() => actor.send({ type: 'CERT.CLOSE' }));
    await waitFor(() => expect(screen.queryByTestId('cert-select')).toBeNull());
    act(() => actor.send({ type: 'CERT.OPEN' }));
    await screen.findByTestId('cert-select');
    await waitFor(() => expect(listed).toHaveLength(3));
  });

  it('sets certVaild while open and removes it when closed with the keyboard (Escape)', async () => {
    const { actor } = start({});
    show(actor);
    await settle();
    expect(sessionStorage.getItem('certVaild')).toBeNull();
    act(() => actor.send({ type: 'CERT.OPEN' }));
    const dialog = await screen.findByRole('dialog', { name: zh.title });
    expect(sessionStorage.getItem('certVaild')).toBe('1');
    const select = (await within(dialog).findByRole('combobox', { name: zh.label })) as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).toBe(false));
    fireEvent.keyDown(select, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect([actor.getSnapshot().value, sessionStorage.getItem('certVaild')]).toEqual(['closed', null]);
  });

  it('a failed validation warns, and the list is read again', async () => {
    const { actor, listed, signed } = start({ callable: true });
    show(actor);
    act(() => actor.send({ type: 'CERT.OPEN' }));
    const dialog = await screen.findByTestId('cert-select');
    const select = (await within(dialog).findByRole('combobox', { name: zh.label })) as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(3));
    fireEvent.change(select, { target: { value: 's1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: zh.validate }));
    expect((await screen.findByTestId('cert-select-warning')).textContent).toContain(fill(zh.validFail, { error: certZh.error.signFailed }));
    expect(signed).toEqual([{ certificate: CERTS[0], userName: null }]);
    // A failure sets the flag again.
    expect(sessionStorage.getItem('certVaild')).toBe('1');
    await waitFor(() => expect(listed).toHaveLength(2));
    expect(screen.getByTestId('cert-select').getAttribute('data-state')).toBe('choosing');
  });

  it('says when no certificate matches the licence, in English', async () => {
    const { actor } = start({}, async () => []);
    show(actor, 'medium', 'en-US');
    act(() => actor.send({ type: 'CERT.OPEN' }));
    const dialog = await screen.findByRole('dialog', { name: en.title });
    expect((await within(dialog).findByRole('alert')).textContent).toContain(en.empty);
    expect((within(dialog).getByRole('button', { name: en.validate }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the certificate selection component, page mode', () => {
  it('reads the list on load and shows the drop-down with its CA icon, placeholder and refresh icon', async () => {
    const { actor, listed } = start({ mode: 'page' });
    show(actor);
    const root = await screen.findByTestId('cert-select');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(root).getByRole('img', { name: zh.caIcon })).toBeTruthy();
    const select = within(root).getByRole('combobox', { name: zh.label }) as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(3));
    expect(select.options[0]!.textContent).toBe(zh.placeholder);
    expect(listed).toHaveLength(1);
    fireEvent.click(within(root).getByRole('button', { name: zh.refresh }));
    await waitFor(() => expect(listed).toHaveLength(2));
  });

  it('says why the list could not be read, in English', async () => {
    const { actor } = start({ mode: 'page' }, async () => {
      throw new Error('agent offline');
    });
    show(actor, 'medium', 'en-US');
    const root = await screen.findByTestId('cert-select');
    expect((await within(root).findByRole('alert')).textContent).toContain(fill(en.listFailed, { error: 'agent offline' }));
    expect(within(root).getByRole('combobox', { name: en.label })).toBeTruthy();
  });
});

describe('what the owner hears after a validation', () => {
  const validated = (input: CertificateInput, business: (i: unknown) => Promise<unknown> = async () => ({ payId: 9 })) => {
    const heard: unknown[] = [];
    const calls: unknown[] = [];
    const actor = createActor(
      certificateLogic({
        listCertificates: fromPromise(async () => CERTS),
        sign: fromPromise(async () => ({ signedData: 'MIIB-SIG', challenge: 'CHALLENGE-1' })),
        validateCert: fromPromise(async () => 'FLAG-1'),
        businessRequest: fromPromise(async ({ input: i }) => {
          calls.push(i);
          return business(i);
        }),
        navigate: fromPromise(async ({ input: i }) => void calls.push(i)),
      }),
      { input },
    );
    for (const type of ['success', 'done', 'caSuccess'] as const) actor.on(type, (e) => heard.push(e));
    actor.start();
    actor.send({ type: 'CERT.OPEN' });
    return { actor, heard, calls };
  };
  const choose = async (actor: ReturnType<typeof validated>['actor']) => {
    await waitFor(() => expect(actor.getSnapshot().matches({ open: 'choosing' })).toBe(true));
    actor.send({ type: 'CERT.SELECT', values: ['s1'] });
    actor.send({ type: 'CERT.VALIDATE' });
  };

  it('callable: the success event with the flag, and certVaild removed', async () => {
    const { actor, heard } = validated({ callable: true });
    expect(sessionStorage.getItem('certVaild')).toBe('1');
    await choose(actor);
    await waitFor(() => expect(heard).toEqual([{ type: 'success', validFlag: 'FLAG-1' }]));
    expect(sessionStorage.getItem('certVaild')).toBeNull();
  });

  it('json: the business call (POST by default) with the flag, then its data', async () => {
    const { actor, heard, calls } = validated({ funcUrl: '/api/fsmc/pay/submit', params: { id: 7 } });
    await choose(actor);
    await waitFor(() => expect(heard).toEqual([{ type: 'done', data: { payId: 9 } }]));
    expect(calls).toEqual([{ url: '/api/fsmc/pay/submit', method: 'POST', params: { id: 7 }, validFlag: 'FLAG-1' }]);
  });

  it('json with a redirect URL: caSuccess, then the page goes there', async () => {
    const { actor, heard, calls } = validated({ funcUrl: '/api/fsmc/pay/submit', method: 'PUT', redirectUrl: '/pay/list' });
    await choose(actor);
    await waitFor(() => expect(actor.getSnapshot().value).toBe('left'));
    expect(heard).toEqual([{ type: 'caSuccess', url: '/pay/list' }]);
    expect(calls).toEqual([{ url: '/api/fsmc/pay/submit', method: 'PUT', params: {}, validFlag: 'FLAG-1' }, { url: '/pay/list', params: {} }]);
  });

  it('html: the page goes to the function URL with the parameters', async () => {
    const { actor, heard, calls } = validated({ funcUrl: '/pay/detail', type: 'html', params: { id: 7 } });
    await choose(actor);
    await waitFor(() => expect(actor.getSnapshot().value).toBe('left'));
    expect([heard, calls]).toEqual([[], [{ url: '/pay/detail', params: { id: 7 } }]]);
  });
});
