import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { useState } from 'react';
import { I18nProvider } from '../../src/services/i18n/react';
import { system } from '../../src/services/theme-system';
import { ScrollSelect, type ScrollCalls } from '../../src/widgets/scroll-select/ScrollSelect';
import type { ScrollItem, ScrollQuery } from '../../src/machines/scroll-lookup.machine';
import { SELECT_SCROLL_PAGE_SIZE } from '../../src/shared/constants';
import { fill, messagesOf, serveLocales } from './support/locale';

// The widget with the real scroll-lookup machine and Chakra's Combobox; the source is a double
// of 40 accounts. Messages come from locale/scroll, so the test reads what a user reads.
const zh = messagesOf('scroll');
const en = messagesOf('scroll', 'en-US');
serveLocales(['scroll'], { resizeObserver: true });
beforeEach(() => localStorage.clear());
// Zag looks a highlighted option up by CSS.escape(value), which jsdom lacks.
(globalThis as { CSS?: unknown }).CSS ??= { escape: (text: string) => text.replace(/[^\w-]/g, (c) => `\\${c}`) };
afterEach(cleanup);

const ACCOUNTS: ScrollItem[] = Array.from({ length: 40 }, (_, i) => ({ value: `62220000${String(i).padStart(4, '0')}`, label: `账户${i}`, extra: i % 2 ? '美元' : '人民币' }));

function doubles(fail: (q: ScrollQuery) => boolean = () => false) {
  const asked: ScrollQuery[] = [];
  const calls: ScrollCalls = {
    page: async (_source, q) => {
      asked.push(q);
      if (fail(q)) throw new Error('网络中断');
      const rows = ACCOUNTS.filter((a) => !q.query || a.label.includes(q.query));
      return { rows: rows.slice((q.start - 1) * q.limit, q.start * q.limit), total: rows.length };
    },
    label: async (_source, value) => ACCOUNTS.find((a) => a.value === value)?.label ?? null,
  };
  return { calls, asked };
}

function Host({ calls, initial = '' }: { calls: ScrollCalls; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <ScrollSelect source="account" label="账户" value={value} onChange={(item) => setValue(item?.value ?? '')} calls={calls} testId="acct" />
      <output data-testid="stored">{value}</output>
    </>
  );
}

const show = (calls: ScrollCalls, initial?: string, lang = 'zh-CN') => {
  localStorage.setItem('lang', lang);
  return render(
    <ChakraProvider value={system}>
      <I18nProvider modules={[]}>
        <Host calls={calls} initial={initial} />
      </I18nProvider>
    </ChakraProvider>,
  );
};

const input = () => screen.findByRole('combobox', { name: '账户' });
const list = () => document.querySelector<HTMLElement>('[data-part=list][data-state]')!;
const status = () => within(list()).getByTestId('scroll-status');
const scrollToEnd = (el: HTMLElement) => {
  Object.defineProperties(el, { scrollHeight: { value: 1000, configurable: true }, clientHeight: { value: 200, configurable: true } });
  el.scrollTop = 800;
  fireEvent.scroll(el);
};

describe('ScrollSelect', () => {
  it('lists 15 accounts with their currency, appends the next page at the end of the list, and stores the value chosen', async () => {
    const { calls, asked } = doubles();
    show(calls);
    fireEvent.click(await input());
    await waitFor(() => expect(within(list()).getAllByRole('option')).toHaveLength(SELECT_SCROLL_PAGE_SIZE));
    expect(asked[0]).toEqual({ start: 1, limit: SELECT_SCROLL_PAGE_SIZE, query: '', params: {} });
    expect(within(list()).getAllByRole('option')[1]!.textContent).toContain('账户1美元');
    expect(status().textContent).toContain(zh.more);
    scrollToEnd(list());
    await waitFor(() => expect(within(list()).getAllByRole('option')).toHaveLength(30));
    expect(asked[1]).toMatchObject({ start: 2 });
    scrollToEnd(list());
    await waitFor(() => expect(status().textContent).toContain(fill(zh.end, { total: 40 })));
    expect(within(list()).getAllByRole('option')).toHaveLength(40);
    // §4: nothing more is asked once pages × size reach the total.
    scrollToEnd(list());
    expect(asked).toHaveLength(3);
    fireEvent.click(within(list()).getAllByRole('option')[3]!);
    await waitFor(() => expect(screen.getByTestId('stored').textContent).toContain(ACCOUNTS[3]!.value));
    expect((await input() as HTMLInputElement).value).toBe('账户3');
  });

  it('asks the server for what is typed, from page 1, once typing rests', async () => {
    const { calls, asked } = doubles();
    show(calls);
    fireEvent.click(await input());
    await waitFor(() => expect(asked).toHaveLength(1));
    fireEvent.change(await input(), { target: { value: '账户1' } });
    fireEvent.change(await input(), { target: { value: '账户12' } });
    await waitFor(() => expect(within(list()).getAllByRole('option')).toHaveLength(1));
    // One call for what was typed last, not one per keystroke.
    expect(asked.slice(1)).toEqual([{ start: 1, limit: SELECT_SCROLL_PAGE_SIZE, query: '账户12', params: {} }]);
  });

  it('a failed next page keeps the rows shown, and retry fetches it', async () => {
    let failing = true;
    const { calls } = doubles((q) => failing && q.start === 2);
    show(calls);
    fireEvent.click(await input());
    await waitFor(() => expect(within(list()).getAllByRole('option')).toHaveLength(15));
    scrollToEnd(list());
    await waitFor(() => expect(status().textContent).toContain(fill(zh.moreFailed, { error: '网络中断' })));
    expect(status().getAttribute('role')).toBe('alert');
    expect(within(list()).getAllByRole('option')).toHaveLength(15);
    failing = false;
    fireEvent.click(within(status()).getByRole('button', { name: zh.retry }));
    await waitFor(() => expect(within(list()).getAllByRole('option')).toHaveLength(30));
  });

  it('names a stored value by its label; in English, a failed new query lists nothing and says why', async () => {
    const { calls } = doubles((q) => q.query === 'x');
    show(calls, ACCOUNTS[5]!.value, 'en-US');
    await waitFor(async () => expect((await input() as HTMLInputElement).value).toBe('账户5'));
    fireEvent.click(await input());
    fireEvent.change(await input(), { target: { value: 'x' } });
    await waitFor(() => expect(status().textContent).toContain(fill(en.failed, { error: '网络中断' })));
    expect(within(list()).queryAllByRole('option')).toHaveLength(0);
    await act(async () => undefined);
  });
});
