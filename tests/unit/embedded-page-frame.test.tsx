import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nProvider } from '../../src/services/i18n/react';
import { system } from '../../src/services/theme-system';
import { EmbeddedPageFrame, type EmbeddedPageInfo, type EmbeddedParticipant } from '../../src/widgets/embedded-page';
import { answer, parseRequest } from '../../src/shared/embedded-protocol';
import type { Timers } from '../../src/services/embedded-page/host-channel';
import { messagesOf, serveLocales } from './support/locale';

// The host's frame in jsdom (docs/embedded-pages.md): the iframe's window is real (about:blank),
// its postMessage is watched, and answers are dispatched as MessageEvents with a chosen origin
// and source, so the test proves which messages the host believes.

const zh = messagesOf('embedded');
serveLocales(['embedded']);
afterEach(cleanup);

const settle = () => act(() => new Promise<void>((r) => setTimeout(r, 0)));
const INFO: EmbeddedPageInfo = { id: 1, iframeTitle: '补充备注', iframeName: 'remarks', iframeUrl: 'embedded-remarks.html', iframeHeight: 180, iframeOrder: 1, iframeActive: true };

async function mount(mode: 'add' | 'edit' | 'view' | 'approval', info = INFO, timers?: Timers) {
  const participants: EmbeddedParticipant[] = [];
  const register = (p: EmbeddedParticipant) => {
    participants.push(p);
    return () => participants.splice(participants.indexOf(p), 1);
  };
  render(
    <ChakraProvider value={system}>
      <I18nProvider modules={['embedded']}>
        <EmbeddedPageFrame info={info} formCode="org-info" mode={mode} recordId={mode === 'add' ? undefined : 42} register={register} channelOptions={timers ? { timers } : undefined} />
      </I18nProvider>
    </ChakraProvider>,
  );
  await settle();
  await settle();
  const frame = document.querySelector('iframe');
  const posted: unknown[] = [];
  if (frame?.contentWindow) frame.contentWindow.postMessage = ((data: unknown) => posted.push(data)) as typeof window.postMessage;
  return { participants, frame, posted };
}

const from = (data: unknown, origin: string, source: Window | null) => act(() => {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
});

describe('EmbeddedPageFrame', () => {
  it('frames the page with the form context and registers one participant', async () => {
    const { participants, frame } = await mount('add');
    expect(participants.map((p) => p.name)).toEqual(['remarks']);
    const src = new URL(frame!.getAttribute('src')!, window.location.href);
    expect(src.pathname).toMatch(/embedded-remarks\.html$/);
    expect(Object.fromEntries(src.searchParams)).toEqual({ formCode: 'org-info', mode: 'add', recordKey: expect.stringMatching(/^new-[0-9a-f]{32}$/) });
    expect(frame!.getAttribute('title')).toBe('补充备注');
    expect(frame!.getAttribute('height')).toBe('180');
  });

  it('believes an answer only from the frame’s origin and the frame’s own window', async () => {
    const { participants, frame, posted } = await mount('edit');
    const settled = jest.fn();
    let pending!: Promise<string | null>;
    await act(async () => {
      pending = participants[0]!.validate('save');
      void pending.then(settled);
    });
    const req = parseRequest(posted[0]);
    expect(req).toMatchObject({ action: 'validate', flow: 'save', formMode: 'edit', recordId: 42 });

    const other = document.createElement('iframe');
    document.body.appendChild(other);
    await from(answer(req!.id, false, '来自别处'), 'https://evil.example.com', frame!.contentWindow);
    await from(answer(req!.id, false, '来自别的窗口'), window.location.origin, other.contentWindow);
    await from(answer(req!.id, false, '来自自己'), window.location.origin, window);
    await settle();
    expect(settled).not.toHaveBeenCalled();

    await from(answer(req!.id, false, '备注不能为空'), window.location.origin, frame!.contentWindow);
    await expect(pending).resolves.toBe('备注不能为空');
    other.remove();
  });

  it('asks submit in a submit flow, and a refusal without words is named by the page’s title', async () => {
    const { participants, frame, posted } = await mount('edit');
    let pending!: Promise<string | null>;
    await act(async () => {
      pending = participants[0]!.save('submit');
    });
    const req = parseRequest(posted[0])!;
    expect(req.action).toBe('submit');
    await from(answer(req.id, false), window.location.origin, frame!.contentWindow);
    await expect(pending).resolves.toBe(zh.frame.refused.replace('{{name}}', '补充备注'));
  });

  it('a page that does not answer fails with the localised timeout message (fake clock)', async () => {
    const due: Array<() => void> = [];
    const timers: Timers = { set: (run) => due.push(run), clear: () => {} };
    const { participants } = await mount('add', INFO, timers);
    let pending!: Promise<string | null>;
    await act(async () => {
      pending = participants[0]!.save('save');
    });
    await act(async () => due.forEach((run) => run()));
    await expect(pending).resolves.toBe(zh.frame.timeout.replace('{{name}}', '补充备注'));
  });

  it('tells the frame it is read-only in view and approval modes, and never blocks the flow there', async () => {
    for (const mode of ['view', 'approval'] as const) {
      const { participants, frame, posted } = await mount(mode);
      expect(new URL(frame!.getAttribute('src')!, window.location.href).searchParams.get('readOnly')).toBe('1');
      expect(screen.getByText(zh.frame.readOnly)).toBeTruthy();
      await expect(participants[0]!.validate('save')).resolves.toBeNull();
      expect(posted).toEqual([]);
      cleanup();
    }
  });

  it('never frames a javascript: address', async () => {
    const { frame, participants } = await mount('edit', { ...INFO, iframeUrl: 'javascript:alert(1)' });
    expect(frame).toBeNull();
    expect(screen.getByText(zh.frame.invalid.replace('{{name}}', '补充备注'))).toBeTruthy();
    await expect(participants[0]!.validate('save')).resolves.toBe(zh.frame.invalid.replace('{{name}}', '补充备注'));
  });
});
