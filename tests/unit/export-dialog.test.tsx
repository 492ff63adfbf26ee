import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import type { Endpoint } from '../../src/shared/contract';
import type { ExportRequest } from '../../src/shared/contract/export';
import { I18nProvider } from '../../src/services/i18n/react';
import { system } from '../../src/services/theme-system';

// The export dialog with its real machine and Chakra parts. The dictionaries are a double of the
// dictionary call; the export call is a double of `exportFile` (the download itself is the
// http client's, tested in http-client.test.ts). Messages are not served: texts show as keys.
jest.mock('../../src/services/http/call', () => ({
  call: async (endpoint: Endpoint) => {
    if (!endpoint.path.endsWith('/query/dictionary')) throw new Error(`no answer for ${endpoint.path}`);
    return {
      dictionary: {
        FileType: [{ value: 'xlsx', text: 'Excel' }, { value: 'csv', text: 'CSV' }],
        ExportType: [{ value: '01', text: '当前页' }, { value: '02', text: '全部数据' }],
      },
      constant: {},
      custom: {},
    };
  },
}));
const sent: ExportRequest[] = [];
let answer: () => Promise<unknown> = async () => ({ fileName: 'x.xlsx' });
jest.mock('../../src/services/api/export', () => ({
  exportFile: (body: ExportRequest) => {
    sent.push(body);
    return answer();
  },
}));

const { ExportDialog } = jest.requireActual<typeof import('../../src/widgets/export/ExportDialog')>('../../src/widgets/export/ExportDialog');

const settle = () => act(() => new Promise<void>((r) => setTimeout(r, 0)));
const COLUMNS = [
  { field: 'accountNo', label: '账号' },
  { field: 'accountName', label: '账户名称' },
  { field: 'currencyCode', label: '币种' },
];

beforeEach(() => {
  sent.length = 0;
  answer = async () => ({ fileName: 'x.xlsx' });
});
afterEach(cleanup);

async function open(total: number, beforeExport?: (choice: unknown) => boolean) {
  render(
    <ChakraProvider value={system}>
      <I18nProvider modules={[]}>
        <ExportDialog
          fileName="账户: 2026/11"
          columns={COLUMNS}
          total={total}
          beforeExport={beforeExport}
          request={(c) => ({ fileName: c.fileName, fileType: c.fileType as 'csv', exportColumn: c.columns, exportType: c.scope as '01', total: c.total, tableUrl: '/api/fsmc/account/query', query: { start: 1, limit: 10 } })}
        />
      </I18nProvider>
    </ChakraProvider>,
  );
  await settle();
  fireEvent.click(await screen.findByTestId('export-trigger'));
  await settle();
  return screen.findByTestId('export-dialog');
}

const nameOf = (dialog: HTMLElement) => within(dialog).getByTestId('export-file-name') as HTMLInputElement;
const checkbox = (dialog: HTMLElement, field: string) => within(dialog).getByTestId('export-columns').querySelector(`[data-field="${field}"] input`) as HTMLInputElement;
const submit = async (dialog: HTMLElement) => {
  fireEvent.click(within(dialog).getByTestId('export-submit'));
  await settle();
  await settle();
};

describe('the export dialog', () => {
  it('opens with every visible column ticked, the page as scope, the first file type and the title as a clean name', async () => {
    const dialog = await open(20);
    expect(COLUMNS.map((c) => checkbox(dialog, c.field).checked)).toEqual([true, true, true]);
    expect(nameOf(dialog).value).toBe('账户 202611');
    expect((within(dialog).getByTestId('export-file-type') as HTMLSelectElement).value).toBe('xlsx');
    expect((within(dialog).getByRole('radio', { name: '当前页' }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByRole('radio', { name: '全部数据' }) as HTMLInputElement).disabled).toBe(false);
  });

  it('strips forbidden characters as the user types and keeps fifty characters', async () => {
    const dialog = await open(20);
    fireEvent.change(nameOf(dialog), { target: { value: 'a\\b/c:d*e?f"g<h>i|j' } });
    expect(nameOf(dialog).value).toBe('abcdefghij');
    fireEvent.change(nameOf(dialog), { target: { value: `${'名'.repeat(30)}/${'x'.repeat(30)}` } });
    expect(nameOf(dialog).value).toBe(`${'名'.repeat(30)}${'x'.repeat(20)}`);
  });

  it('says which fields are required and sends nothing', async () => {
    const dialog = await open(20);
    fireEvent.change(nameOf(dialog), { target: { value: '  ' } });
    fireEvent.click(within(dialog).getByTestId('export-all-columns').querySelector('input')!);
    await settle();
    expect(COLUMNS.map((c) => checkbox(dialog, c.field).checked)).toEqual([false, false, false]);
    await submit(dialog);
    expect(within(dialog).getAllByText('export.required')).toHaveLength(2);
    expect(sent).toEqual([]);
    // Filling them in takes the notes away.
    fireEvent.change(nameOf(dialog), { target: { value: 'ok' } });
    fireEvent.click(checkbox(dialog, 'currencyCode'));
    await settle();
    expect(within(dialog).queryAllByText('export.required')).toHaveLength(0);
  });

  it('sends the chosen columns in the table order, the type and the scope, and closes', async () => {
    const dialog = await open(20);
    fireEvent.click(checkbox(dialog, 'accountName'));
    fireEvent.change(within(dialog).getByTestId('export-file-type'), { target: { value: 'csv' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: '全部数据' }));
    await settle();
    await submit(dialog);
    expect(sent).toEqual([expect.objectContaining({ fileName: '账户 202611', fileType: 'csv', exportColumn: ['accountNo', 'currencyCode'], exportType: '02', total: 20 })]);
    // Closing (its exit animation may still run in jsdom).
    expect(screen.queryByTestId('export-dialog')?.getAttribute('data-state') ?? 'closed').toBe('closed');
  });

  it('above 10,000 rows: all data is said to run in the background, and the export asks first', async () => {
    const dialog = await open(20_000);
    expect((within(dialog).getByRole('radio', { name: '全部数据' }) as HTMLInputElement).disabled).toBe(false);
    expect(within(dialog).getByTestId('export-all-background').textContent).toContain('export.allInBackground');
    await submit(dialog);
    expect(within(dialog).getByRole('alert').textContent).toContain('export.confirm');
    expect(sent).toEqual([]);
    fireEvent.click(within(dialog).getByTestId('export-continue'));
    await settle();
    await settle();
    expect(sent).toHaveLength(1);
  });

  it('above 1,000,000 rows: refused in place, nothing sent', async () => {
    const dialog = await open(1_000_001);
    await submit(dialog);
    expect(within(dialog).getByRole('alert').textContent).toContain('export.forbidden');
    expect(sent).toEqual([]);
  });

  it("shows the server's refusal and keeps what the user chose", async () => {
    answer = async () => {
      throw new Error('导出文件名不合法');
    };
    const dialog = await open(20);
    fireEvent.change(nameOf(dialog), { target: { value: '我的导出' } });
    fireEvent.click(checkbox(dialog, 'accountNo'));
    await submit(dialog);
    expect(within(dialog).getByRole('alert').textContent).toContain('导出文件名不合法');
    expect(nameOf(dialog).value).toBe('我的导出');
    expect(COLUMNS.map((c) => checkbox(dialog, c.field).checked)).toEqual([false, true, true]);
  });

  it('the before-export hook may cancel', async () => {
    const hook = jest.fn((_choice: unknown) => false);
    const dialog = await open(20, hook);
    await submit(dialog);
    expect(hook).toHaveBeenCalledWith(expect.objectContaining({ fileName: '账户 202611', columns: ['accountNo', 'accountName', 'currencyCode'] }));
    expect(sent).toEqual([]);
    expect(screen.getByTestId('export-dialog')).toBe(dialog);
  });
});
