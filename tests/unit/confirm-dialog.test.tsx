import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nProvider } from '../../src/services/i18n/react';
import { system } from '../../src/services/theme-system';
import { ConfirmDialog } from '../../src/widgets/request-layer/ConfirmDialog';
import type { connectHttpError } from '../../src/machines/http-error.connect';

// The request layer's confirmation with Chakra's real dialog: where the keyboard starts, and that
// the pressed confirm keeps it while the confirmed request is sent. The api is the connect's
// shape; the machine behind it has its own model test.
type Api = ReturnType<typeof connectHttpError>;

const apiOf = (over: Partial<Api>): Api =>
  ({
    open: true,
    busy: false,
    kind: 'question',
    message: 'Remove the node?',
    params: {},
    title: 'Remove',
    okLabel: 'Remove',
    cancelLabel: 'Keep',
    danger: true,
    waiting: 0,
    certificate: null,
    certified: () => undefined,
    getRootProps: () => ({}),
    confirm: () => undefined,
    cancel: () => undefined,
    ...over,
  }) as Api;

const settle = async () => {
  for (let i = 0; i < 4; i++) await act(() => new Promise<void>((r) => setTimeout(r, 0)));
};

const shown = (api: Api) => (
  <ChakraProvider value={system}>
    <I18nProvider modules={[]}>
      <ConfirmDialog api={api} />
    </I18nProvider>
  </ChakraProvider>
);

// jsdom lays nothing out, and Zag's focus trap moves the focus only to an element with a box.
const realRects = HTMLElement.prototype.getClientRects;
beforeAll(() => {
  HTMLElement.prototype.getClientRects = function () {
    return [new DOMRect(0, 0, 10, 10)] as unknown as DOMRectList;
  };
});
afterAll(() => {
  HTMLElement.prototype.getClientRects = realRects;
});
afterEach(cleanup);

describe('the confirmation dialog', () => {
  it('starts the keyboard on the safe choice of a dangerous question', async () => {
    render(shown(apiOf({ danger: true })));
    await settle();
    await waitFor(() => expect(document.activeElement).toBe(within(screen.getByTestId('question-dialog')).getByRole('button', { name: 'Keep' })));
  });

  it('starts the keyboard on confirm for a 412', async () => {
    render(shown(apiOf({ kind: 'precondition', danger: false, title: null, okLabel: 'Send again', cancelLabel: null })));
    await settle();
    await waitFor(() => expect(document.activeElement).toBe(within(screen.getByTestId('confirm-dialog')).getByRole('button', { name: 'Send again' })));
  });

  it('keeps the focus on the pressed confirm while the request is sent, and takes no second press of either button', async () => {
    const confirm = jest.fn();
    const cancel = jest.fn();
    const view = render(shown(apiOf({ danger: false, confirm, cancel })));
    await settle();
    const dialog = screen.getByTestId('question-dialog');
    const ok = within(dialog).getByRole('button', { name: 'Remove' });
    await waitFor(() => expect(document.activeElement).toBe(ok));
    fireEvent.click(ok);
    expect(confirm).toHaveBeenCalledTimes(1);
    view.rerender(shown(apiOf({ danger: false, busy: true, confirm, cancel })));
    await settle();
    // Busy, it shows the sending text in place of its label: the same button, found by its part.
    const busyOk = dialog.querySelector<HTMLButtonElement>('[data-part="confirm"]')!;
    expect(busyOk).toBe(ok);
    expect(busyOk.getAttribute('aria-disabled')).toBe('true');
    expect(busyOk.disabled).toBe(false);
    expect(document.activeElement).toBe(busyOk);
    fireEvent.click(busyOk);
    const keep = within(dialog).getByRole('button', { name: 'Keep' });
    expect(keep.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(keep);
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(cancel).not.toHaveBeenCalled();
  });
});
