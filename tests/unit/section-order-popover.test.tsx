import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nProvider } from '../../src/services/i18n/react';
import { system } from '../../src/services/theme-system';
import { useSectionOrder, type SectionOrderCalls } from '../../src/widgets/section-order';
import type { LoadedSectionOrder, SaveSectionOrderInput } from '../../src/machines/section-order.machine';
import { fill, messagesOf, serveLocales } from './support/locale';

// The popover with the real section-order machine; the server's calls are doubles. The
// messages are served from locale/section by a fetch double, so the test finds what a user reads.
const zh = messagesOf('section');
serveLocales(['section'], { resizeObserver: true });
beforeEach(() => localStorage.clear());
afterEach(cleanup);

const SECTIONS = [
  { name: 'application', title: '申请信息' },
  { name: 'rate', title: '利率信息' },
  { name: 'history', title: '审批记录' },
];
const settle = () => act(() => new Promise<void>((r) => setTimeout(r, 0)));

function doubles(loaded: LoadedSectionOrder | Error = { customOrder: null, hiddenParams: [] }, refuse?: string) {
  const saves: SaveSectionOrderInput[] = [];
  const announced: string[] = [];
  const calls: SectionOrderCalls = {
    load: jest.fn(async () => {
      if (loaded instanceof Error) throw loaded;
      return loaded;
    }),
    save: jest.fn(async (input: SaveSectionOrderInput) => {
      saves.push(input);
      if (refuse) throw new Error(refuse);
      return null;
    }),
    announce: (text) => void announced.push(text),
  };
  return { calls, saves, announced };
}

function Form({ calls, isAdmin }: { calls: SectionOrderCalls; isAdmin: boolean }) {
  const { order, ready, popover } = useSectionOrder({ code: 'rate-add', sections: SECTIONS, isAdmin, calls });
  return (
    <div>
      {popover}
      <ol data-testid="form-order" data-ready={ready}>
        {order.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ol>
    </div>
  );
}

async function mount(isAdmin: boolean, d = doubles()) {
  render(
    <ChakraProvider value={system}>
      <I18nProvider modules={[]}>
        <Form calls={d.calls} isAdmin={isAdmin} />
      </I18nProvider>
    </ChakraProvider>,
  );
  await settle();
  await settle();
  return d;
}

const formOrder = () => [...screen.getByTestId('form-order').querySelectorAll('li')].map((li) => li.textContent);
const open = async () => {
  fireEvent.click(screen.getByTestId('section-order-trigger'));
  await settle();
  return screen.getByTestId('section-order');
};
const items = (popover: HTMLElement) => [...popover.querySelectorAll('[data-part="item"]')] as HTMLElement[];
const itemNames = (popover: HTMLElement) => items(popover).map((li) => li.getAttribute('data-name'));
const item = (popover: HTMLElement, name: string) => popover.querySelector(`[data-part="item"][data-name="${name}"]`) as HTMLElement;

describe('section order popover', () => {
  it('shows a staff member the order tab only, without the sections an administrator hid, and applies the saved order', async () => {
    const d = await mount(false, doubles({ customOrder: [{ name: 'history', exist: false }, { name: 'rate', exist: true }, { name: 'application', exist: true }], hiddenParams: ['history'] }));
    expect(d.calls.load).toHaveBeenCalledWith('rate-add');
    expect(screen.getByTestId('form-order').getAttribute('data-ready')).toBe('true');
    expect(formOrder()).toEqual(['rate', 'application']);
    const trigger = screen.getByTestId('section-order-trigger');
    expect(trigger.getAttribute('aria-label')).toBe(zh.order.open);
    const popover = await open();
    expect(within(popover).getByText(zh.order.title)).toBeTruthy();
    expect(within(popover).getAllByRole('tab').map((t) => t.textContent)).toEqual([zh.order.tabs.order]);
    expect(screen.queryByTestId('section-order-tab-hidden')).toBeNull();
    expect(itemNames(popover)).toEqual(['rate', 'application']);
    expect(popover.querySelector('[data-part="hidden"]')).toBeNull();
  });

  it('reorders with the keyboard: Alt+↓ on a focused row moves it and keeps the focus; save sends every section and the form follows', async () => {
    const d = await mount(false);
    expect(formOrder()).toEqual(['application', 'rate', 'history']);
    const popover = await open();
    const first = item(popover, 'application');
    expect(first.getAttribute('aria-label')).toBe(fill(zh.order.item, { section: '申请信息', position: 1, count: 3 }));
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowDown', altKey: true });
    await settle();
    expect(itemNames(popover)).toEqual(['rate', 'application', 'history']);
    expect(document.activeElement).toBe(item(popover, 'application'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown', altKey: true });
    await settle();
    expect(itemNames(popover)).toEqual(['rate', 'history', 'application']);
    // A plain arrow or a move past the end does nothing.
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown', altKey: true });
    await settle();
    expect(itemNames(popover)).toEqual(['rate', 'history', 'application']);
    // The buttons say which section they move, and the ends cannot move further.
    expect((within(popover).getByRole('button', { name: fill(zh.order.moveUp, { section: '利率信息' }) }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(popover).getByRole('button', { name: fill(zh.order.moveDown, { section: '申请信息' }) }) as HTMLButtonElement).disabled).toBe(true);
    // The form keeps its order until the save.
    expect(formOrder()).toEqual(['application', 'rate', 'history']);
    fireEvent.click(within(popover).getByRole('button', { name: zh.order.save }));
    await settle();
    await settle();
    expect(d.saves).toEqual([{ code: 'rate-add', collapseItemsOrder: [{ name: 'rate', exist: true }, { name: 'history', exist: true }, { name: 'application', exist: true }] }]);
    expect(d.announced).toEqual([zh.order.saved]);
    expect(formOrder()).toEqual(['rate', 'history', 'application']);
    expect(screen.getByTestId('section-order-trigger').getAttribute('data-state')).toBe('closed');
  });

  it('moves with the buttons too; reset brings back the default order; cancel drops the edit', async () => {
    const d = await mount(false);
    let popover = await open();
    fireEvent.click(within(popover).getByRole('button', { name: fill(zh.order.moveUp, { section: '审批记录' }) }));
    await settle();
    expect(itemNames(popover)).toEqual(['application', 'history', 'rate']);
    fireEvent.click(within(popover).getByRole('button', { name: zh.order.reset }));
    await settle();
    expect(itemNames(popover)).toEqual(['application', 'rate', 'history']);
    fireEvent.keyDown(item(popover, 'rate'), { key: 'ArrowUp', altKey: true });
    await settle();
    fireEvent.click(within(popover).getByRole('button', { name: zh.order.cancel }));
    await settle();
    expect(d.saves).toEqual([]);
    expect(formOrder()).toEqual(['application', 'rate', 'history']);
    popover = await open();
    expect(itemNames(popover)).toEqual(['application', 'rate', 'history']);
  });

  it('gives an administrator the hidden-sections tab: a ticked section is saved hidden and leaves the form', async () => {
    const d = await mount(true);
    const popover = await open();
    expect(within(popover).getAllByRole('tab').map((t) => t.textContent)).toEqual([zh.order.tabs.order, zh.order.tabs.hidden]);
    fireEvent.click(screen.getByTestId('section-order-tab-hidden'));
    await settle();
    const tick = within(popover).getByRole('checkbox', { name: '审批记录' });
    expect((tick as HTMLInputElement).checked).toBe(false);
    fireEvent.click(tick);
    await settle();
    expect((tick as HTMLInputElement).checked).toBe(true);
    // The administrator still lists it in the order tab, marked hidden.
    expect(item(popover, 'history').getAttribute('data-state')).toBe('hidden');
    fireEvent.click(within(popover).getByRole('button', { name: zh.order.save }));
    await settle();
    await settle();
    expect(d.saves.at(-1)!.collapseItemsOrder).toEqual([{ name: 'application', exist: true }, { name: 'rate', exist: true }, { name: 'history', exist: false }]);
    expect(formOrder()).toEqual(['application', 'rate']);
  });

  it('shows a refused save\'s msg in the popover and keeps the edit; a failed load silently leaves the defaults', async () => {
    const d = await mount(false, doubles(new Error('network down'), '只有管理员可以隐藏或显示分组'));
    expect(formOrder()).toEqual(['application', 'rate', 'history']);
    expect(screen.getByTestId('form-order').getAttribute('data-ready')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    const popover = await open();
    fireEvent.keyDown(item(popover, 'rate'), { key: 'ArrowUp', altKey: true });
    await settle();
    fireEvent.click(within(popover).getByRole('button', { name: zh.order.save }));
    await settle();
    await settle();
    expect(within(screen.getByTestId('section-order')).getByRole('alert').textContent).toContain('只有管理员可以隐藏或显示分组');
    expect(itemNames(screen.getByTestId('section-order'))).toEqual(['rate', 'application', 'history']);
    expect(d.announced).toEqual([]);
    expect(formOrder()).toEqual(['application', 'rate', 'history']);
  });
});
