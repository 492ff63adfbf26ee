import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import type { Endpoint } from '../../src/shared/contract';
import { I18nProvider } from '../../src/services/i18n/react';
import { system } from '../../src/services/theme-system';
import { resourceEndpoints } from '../../src/resources/contract';
import dictionary from '../../src/resources/defs/dictionary';
import valueDef from '../../src/resources/defs/dictionary-value';
import { ROW_STATUS_ADD, ROW_STATUS_FIELD } from '../../src/shared/constants';
import { SHOW_ALL } from '../../src/shared/function-display';

// The dictionary's values dialog with its real machines (paged list, row edit) and Chakra parts;
// the server is a double answering each call by its endpoint. Messages are not served here, so
// texts show as their keys.
type Answerer = (body: Record<string, unknown>) => unknown;
const answers = new Map<string, Answerer>();
const sent: Array<{ path: string; body: Record<string, unknown> }> = [];
jest.mock('../../src/services/http/call', () => ({
  call: async (endpoint: Endpoint, body: Record<string, unknown>) => {
    sent.push({ path: endpoint.path, body });
    const answer = answers.get(endpoint.path);
    if (!answer) throw new Error(`no answer for ${endpoint.path}`);
    return answer(body);
  },
}));

const { DictionaryRowActions, dictionaryNameOf } = jest.requireActual<typeof import('../../src/views/resource/extras/DictionaryExtras')>('../../src/views/resource/extras/DictionaryExtras');

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const settle = () => act(() => new Promise<void>((r) => setTimeout(r, 0)));
const e = resourceEndpoints(valueDef) as unknown as Record<string, Endpoint>;

const stored = (id: number, value: string, textZh: string, textEn: string, sort: number, dictType = 'Tenor') => ({ id, version: 1, recordState: 'approved', enabled: true, dictType, value, textZh, textEn, sort });

beforeEach(() => {
  answers.clear();
  sent.length = 0;
});
afterEach(cleanup);

async function openValues() {
  render(
    <ChakraProvider value={system}>
      <I18nProvider modules={[]}>
        <DictionaryRowActions def={dictionary} row={{ id: 4, version: 1, recordState: 'approved', enabled: true, dictType: 'Tenor', dictName: '期限' }} reload={() => {}} display={SHOW_ALL} />
      </I18nProvider>
    </ChakraProvider>,
  );
  await settle();
  fireEvent.click(screen.getByText('admin.dictValues.action'));
  await settle();
  await settle();
  return screen.findByTestId('dictionary-values-dialog');
}

/** The dictionary-value calls (the column settings' own calls aside). */
const valueCalls = () => sent.filter((s) => s.path.startsWith('/api/fsmc/dictionary-value/'));
const rowsOf = (dialog: HTMLElement) => within(within(dialog).getByTestId('dictionary-values')).getAllByRole('row').slice(1);
const typeInto = (dialog: HTMLElement, label: string, value: string) => fireEvent.change(within(dialog).getByRole('textbox', { name: label }), { target: { value } });

describe('the values of a dictionary, edited in place', () => {
  it("lists only that dictionary's values, in their order, and adds one with the dictionary filled in", async () => {
    // The filter is "contains": a TenorX value answered too is not shown.
    answers.set(e.query!.path, () => ({ rows: [stored(1, 'ON', '隔夜', 'Overnight', 10), stored(2, '1W', '1周', '1 week', 20), stored(9, 'X', '别的', 'Other', 5, 'TenorX')], total: 3 }));
    answers.set(e.add!.path, (body) => ({ ...body, id: 30, version: 1, recordState: 'approved', enabled: true, [ROW_STATUS_FIELD]: ROW_STATUS_ADD }));
    const dialog = await openValues();
    expect(valueCalls()[0]).toEqual({ path: e.query!.path, body: { start: 1, limit: 200, dictType: 'Tenor', sort: { field: 'sort', order: 'asc' } } });
    expect(rowsOf(dialog).map((r) => r.textContent)).toEqual([expect.stringContaining('隔夜'), expect.stringContaining('1周')]);

    fireEvent.click(within(dialog).getByText('table.rowEdit.add'));
    await settle();
    expect(rowsOf(dialog)[2]!.getAttribute('data-state')).toBe('add');
    // Checked with the resource's own schema: its messages.
    fireEvent.click(within(dialog).getByText('table.rowEdit.save'));
    await settle();
    expect(rowsOf(dialog)[2]!.textContent).toContain('resource.error.required');
    expect(valueCalls().map((s) => s.path)).toEqual([e.query!.path]);

    typeInto(dialog, 'admin.dictValues.value', '18M');
    typeInto(dialog, 'admin.dictValues.textZh', '18个月');
    typeInto(dialog, 'admin.dictValues.textEn', '18 months');
    typeInto(dialog, 'admin.dictValues.sort', '95');
    fireEvent.click(within(dialog).getByText('table.rowEdit.save'));
    await settle();
    await settle();
    expect(valueCalls()[1]).toEqual({ path: e.add!.path, body: { dictType: 'Tenor', value: '18M', textZh: '18个月', textEn: '18 months', sort: 95 } });
    const added = rowsOf(dialog)[2]!;
    expect(added.getAttribute('data-state')).toBe('idle');
    expect(added.getAttribute('data-key')).toBe('30');
    expect(added.textContent).toContain('18 months');
  });

  it('updates a stored value with id and version, its code read-only, and keeps what was typed when the server refuses', async () => {
    answers.set(e.query!.path, () => ({ rows: [stored(2, '1W', '1周', '1 week', 20)], total: 1 }));
    answers.set(e.update!.path, () => {
      throw new Error('该记录已被他人修改，请刷新后重试');
    });
    const dialog = await openValues();
    fireEvent.click(within(dialog).getByText('table.rowEdit.edit'));
    await settle();
    expect(within(dialog).getByRole('textbox', { name: 'admin.dictValues.value' }).hasAttribute('readonly')).toBe(true);
    typeInto(dialog, 'admin.dictValues.textEn', 'One week');
    fireEvent.click(within(dialog).getByText('table.rowEdit.save'));
    await settle();
    await settle();
    expect(valueCalls()[1]).toEqual({ path: e.update!.path, body: { id: 2, version: 1, textZh: '1周', textEn: 'One week', sort: 20 } });
    expect(within(dialog).getByRole('alert').textContent).toContain('该记录已被他人修改');
    expect((within(dialog).getByRole('textbox', { name: 'admin.dictValues.textEn' }) as HTMLInputElement).value).toBe('One week');
    // Cancel shows the stored text again.
    fireEvent.click(within(dialog).getByText('table.rowEdit.cancel'));
    await settle();
    expect(rowsOf(dialog)[0]!.textContent).toContain('1 week');
    expect(rowsOf(dialog)[0]!.getAttribute('data-state')).toBe('idle');
  });

  it('pages through the values ten at a time, the pager locked while a row is edited', async () => {
    const all = Array.from({ length: 12 }, (_, i) => stored(i + 1, `V${i + 1}`, `值${i + 1}`, `Value ${i + 1}`, i));
    answers.set(e.query!.path, () => ({ rows: all, total: all.length }));
    const dialog = await openValues();
    expect(rowsOf(dialog)).toHaveLength(10);
    const pager = dialog.querySelector('[data-part=pager]')!;
    expect(pager.getAttribute('data-state')).toBe('open');

    fireEvent.click(within(dialog).getAllByText('table.rowEdit.edit')[0]!);
    await settle();
    expect(dialog.querySelector('[data-part=pager]')!.getAttribute('data-state')).toBe('locked');
    expect(dialog.querySelector('[data-part=pager]')!.hasAttribute('inert')).toBe(true);
    expect(within(dialog).getByText('table.rowEdit.export').closest('button')!.disabled).toBe(true);
    fireEvent.click(within(dialog).getByText('table.rowEdit.cancel'));
    await settle();

    fireEvent.click(within(dialog).getByRole('button', { name: 'shell.pager.next' }));
    await settle();
    await settle();
    expect(rowsOf(dialog).map((r) => r.getAttribute('data-key'))).toEqual(['11', '12']);
  });
});

describe('the name a dictionary’s values dialog and its button give', () => {
  it('is the English name in English, when the dictionary has one', () => {
    const row = { dictType: 'BizModule', dictName: '业务模块', dictNameEn: 'Business module' };
    expect(dictionaryNameOf(row, 'en-US')).toBe('Business module');
    expect(dictionaryNameOf(row, 'zh-CN')).toBe('业务模块');
    expect(dictionaryNameOf({ ...row, dictNameEn: '' }, 'en-US')).toBe('业务模块');
    expect(dictionaryNameOf({ dictType: 'Tenor' }, 'en-US')).toBe('Tenor');
  });
});
