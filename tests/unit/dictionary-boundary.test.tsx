import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { use } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import type { Endpoint } from '../../src/shared/contract';
import { system } from '../../src/services/theme-system';
import { I18nProvider } from '../../src/services/i18n/react';
import { messagesOf, serveLocales } from './support/locale';

// The dictionary query's double: down until told otherwise; every request is counted.
let up = false;
let asked = 0;
jest.mock('../../src/services/http/call', () => ({
  call: async (_endpoint: Endpoint, codes: string[]) => {
    asked += 1;
    if (!up) throw new Error('连接服务器失败');
    return { dictionary: Object.fromEntries(codes.map((c) => [c, [{ value: 'A', text: '甲类' }]])), constant: {}, custom: {} };
  },
}));
const { dictionaryOptions, dialogOptions, forgetFailedDialogOptions } = jest.requireActual<typeof import('../../src/services/dictionaries')>('../../src/services/dictionaries');
const { DictionaryBoundary } = jest.requireActual<typeof import('../../src/widgets/DictionaryBoundary')>('../../src/widgets/DictionaryBoundary');

serveLocales(['global']);
const global = messagesOf('global');
const settle = () => act(() => new Promise<void>((r) => setTimeout(r, 10)));

/** A select that reads its dictionary while it renders, as the query form's and the record form's do. */
function Kinds({ type }: { type: string }) {
  const options = use(dictionaryOptions(type, 'zh-CN'));
  return (
    <select aria-label="类型">
      {options.map((o) => (
        <option key={o.value} value={o.value}>{o.text}</option>
      ))}
    </select>
  );
}

afterEach(() => {
  cleanup();
  up = false;
  asked = 0;
});

describe('DictionaryBoundary', () => {
  it('shows a failed dictionary once, with a retry, instead of asking again at every render; the retry asks again', async () => {
    render(
      <ChakraProvider value={system}>
        <I18nProvider modules={[]}>
          <input aria-label="名称" defaultValue="已输入" />
          <DictionaryBoundary types={['Kind1']} lang="zh-CN">
            <Kinds type="Kind1" />
          </DictionaryBoundary>
        </I18nProvider>
      </ChakraProvider>,
    );
    await settle();
    await settle();
    expect((await screen.findByTestId('options-failed')).textContent).toContain(global.optionsFailed);
    // Rendered again and again by React before the fix: one request a render.
    await settle();
    expect(asked).toBe(1);
    // Only the control failed: what is typed beside it stays.
    expect((screen.getByLabelText('名称') as HTMLInputElement).value).toBe('已输入');

    up = true;
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: global.retry })));
    await settle();
    expect(await screen.findByRole('option', { name: '甲类' })).toBeTruthy();
    expect(asked).toBe(2);
    expect(screen.queryByTestId('options-failed')).toBeNull();
    // The retry button is gone: the select it brought has the focus, not the page's start.
    expect(document.activeElement).toBe(screen.getByLabelText('类型'));
  });

  it('tries again by itself when the browser comes back online', async () => {
    render(
      <ChakraProvider value={system}>
        <I18nProvider modules={[]}>
          <DictionaryBoundary types={['Kind2']} lang="zh-CN">
            <Kinds type="Kind2" />
          </DictionaryBoundary>
        </I18nProvider>
      </ChakraProvider>,
    );
    expect(await screen.findByTestId('options-failed')).toBeTruthy();
    up = true;
    await act(async () => void window.dispatchEvent(new Event('online')));
    await settle();
    expect(await screen.findByRole('option', { name: '甲类' })).toBeTruthy();
  });
});

describe('DictionaryBoundary and the language', () => {
  it('asks in the new language rather than show the old one failed', async () => {
    function Page({ lang }: { lang: 'zh-CN' | 'en-US' }) {
      return (
        <DictionaryBoundary types={['Kind4']} lang={lang}>
          <KindsIn type="Kind4" lang={lang} />
        </DictionaryBoundary>
      );
    }
    const shown = (lang: 'zh-CN' | 'en-US') => (
      <ChakraProvider value={system}>
        <I18nProvider modules={[]}>
          <Page lang={lang} />
        </I18nProvider>
      </ChakraProvider>
    );
    const { rerender } = render(shown('zh-CN'));
    expect(await screen.findByTestId('options-failed')).toBeTruthy();
    up = true;
    await act(async () => void rerender(shown('en-US')));
    await settle();
    expect(await screen.findByRole('option', { name: '甲类' })).toBeTruthy();
    expect(asked).toBe(2);
  });
});

function KindsIn({ type, lang }: { type: string; lang: 'zh-CN' | 'en-US' }) {
  const options = use(dictionaryOptions(type, lang));
  return (
    <select aria-label="类型">
      {options.map((o) => (
        <option key={o.value} value={o.value}>{o.text}</option>
      ))}
    </select>
  );
}

describe('dictionaryOptions', () => {
  it('keeps a failure for readers in a render, and asks again for one that asks to', async () => {
    const first = dictionaryOptions('Kind3', 'zh-CN');
    await expect(first).rejects.toThrow('连接服务器失败');
    expect(dictionaryOptions('Kind3', 'zh-CN')).toBe(first);
    expect(asked).toBe(1);
    up = true;
    await expect(dictionaryOptions('Kind3', 'zh-CN', { retryFailed: true })).resolves.toEqual([{ value: 'A', text: '甲类' }]);
    expect(asked).toBe(2);
  });
});

describe('dialogOptions', () => {
  it('lists nothing for a failed dictionary and keeps that until the dialog opens again', async () => {
    const first = dialogOptions('FileKind', 'zh-CN');
    await expect(first).resolves.toEqual([]);
    expect(dialogOptions('FileKind', 'zh-CN')).toBe(first);
    up = true;
    forgetFailedDialogOptions();
    await expect(dialogOptions('FileKind', 'zh-CN')).resolves.toEqual([{ value: 'A', text: '甲类' }]);
    expect(asked).toBe(2);
    // A list that came stays: opening again asks nothing.
    forgetFailedDialogOptions();
    await dialogOptions('FileKind', 'zh-CN');
    expect(asked).toBe(2);
  });
});
