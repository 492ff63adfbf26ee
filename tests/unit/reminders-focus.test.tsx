import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import type { Endpoint } from '../../src/shared/contract';
import { I18nProvider } from '../../src/services/i18n/react';
import { system } from '../../src/services/theme-system';

// Where the keyboard goes when what it was on leaves: a cancelled reminder (its button gone with
// it), and a drawer closed after what opened it left the page (the unread-reminders notice).
type Row = { id: number; title: string; content: string; createdAt: string; status: 'unread' };
let mockRows: Row[] = [];
jest.mock('../../src/services/http/call', () => ({
  call: async (endpoint: Endpoint, body: Record<string, unknown>) => {
    if (endpoint.path.endsWith('/query-remind-info-by-page')) return { rows: mockRows, total: mockRows.length };
    if (endpoint.path.includes('/remind/') && 'id' in body) {
      mockRows = mockRows.filter((r) => r.id !== body.id);
      return null;
    }
    throw new Error(`no answer for ${endpoint.path}`);
  },
}));

const { default: RemindersPanel } = jest.requireActual<typeof import('../../src/widgets/drawers/panels/RemindersPanel')>('../../src/widgets/drawers/panels/RemindersPanel');
const { drawerReturnFocus } = jest.requireActual<typeof import('../../src/widgets/drawers/OpenDrawers')>('../../src/widgets/drawers/OpenDrawers');

const settle = async () => {
  for (let i = 0; i < 4; i++) await act(() => new Promise<void>((r) => setTimeout(r, 0)));
};
const reminder = (id: number): Row => ({ id, title: `提醒${id}`, content: '内容', createdAt: '2026-11-29T09:00:00.000Z', status: 'unread' });

beforeEach(() => {
  mockRows = [reminder(1), reminder(2), reminder(3)];
});
afterEach(cleanup);

describe('the reminders drawer', () => {
  it('gives the focus to the next reminder’s Cancel when one is cancelled, and to the drawer’s close button when none is left', async () => {
    render(
      <ChakraProvider value={system}>
        <I18nProvider modules={[]}>
          <div role="dialog">
            <RemindersPanel />
            <button data-part="close-trigger">关闭</button>
          </div>
        </I18nProvider>
      </ChakraProvider>,
    );
    await settle();
    const cancels = () => within(screen.getByTestId('reminders')).getAllByTestId('reminder').map((r) => r.querySelector<HTMLElement>('[data-part=cancel-one]')!);
    expect(cancels()).toHaveLength(3);

    const press = async (button: HTMLElement) => {
      button.focus();
      fireEvent.click(button);
      await settle();
    };
    await press(cancels()[1]!);
    expect(cancels()).toHaveLength(2);
    expect(document.activeElement).toBe(cancels()[1]);
    expect(document.activeElement!.closest('[data-testid=reminder]')!.textContent).toContain('提醒3');
    await press(cancels()[1]!);
    expect(document.activeElement).toBe(cancels()[0]);
    await press(cancels()[0]!);
    expect(screen.queryAllByTestId('reminder')).toHaveLength(0);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '关闭' }));
  });

  it('on the My reminders page, which has no close button, gives the focus to the count once none is left', async () => {
    mockRows = [reminder(1)];
    render(
      <ChakraProvider value={system}>
        <I18nProvider modules={[]}>
          <RemindersPanel />
        </I18nProvider>
      </ChakraProvider>,
    );
    await settle();
    const cancel = screen.getByTestId('reminder').querySelector<HTMLElement>('[data-part=cancel-one]')!;
    cancel.focus();
    fireEvent.click(cancel);
    await settle();
    expect(screen.queryAllByTestId('reminder')).toHaveLength(0);
    expect(document.activeElement).toBe(screen.getByTestId('reminders').querySelector('[data-part=total]'));
  });

  it('returns the focus, on closing, to what opened it, or to the header’s button when that is gone', () => {
    document.body.innerHTML = '<button data-testid="user-menu">我</button><button data-drawer-opener="reminders">提醒</button><button id="view">查看</button>';
    const view = document.getElementById('view')!;
    expect(drawerReturnFocus(view, 'reminders')).toBe(view);
    view.remove();
    expect(drawerReturnFocus(view, 'reminders')).toBe(document.querySelector('[data-drawer-opener=reminders]'));
    expect(drawerReturnFocus(null, 'favourites')).toBe(document.querySelector('[data-testid=user-menu]'));
    document.body.innerHTML = '';
  });
});
