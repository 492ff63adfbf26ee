import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import type { Endpoint } from '../../src/shared/contract';
import type { ImportRequest } from '../../src/machines/import.machine';
import { I18nProvider } from '../../src/services/i18n/react';
import { system } from '../../src/services/theme-system';
import exchangeRate from '../../src/resources/defs/exchange-rate';

// The import dialog with its real machine and Chakra parts. The ImportType dictionary is a double
// of the dictionary call; the import calls are doubles of services/api/import.ts (the upload
// itself is the http client's). Messages are not served: texts show as keys.
jest.mock('../../src/services/http/call', () => ({
  call: async (endpoint: Endpoint) => {
    if (!endpoint.path.endsWith('/query/dictionary')) throw new Error(`no answer for ${endpoint.path}`);
    return { dictionary: { ImportType: [{ value: 'APPEND', text: '追加' }, { value: 'COVER', text: '覆盖' }] }, constant: {}, custom: {} };
  },
}));

interface Upload {
  request: ImportRequest;
  progress: (percent: number) => void;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}
const uploads: Upload[] = [];
const reports: string[] = [];
const templates: string[] = [];
jest.mock('../../src/services/api/import', () => ({
  importFile: (_resource: string, request: ImportRequest, onProgress: (p: { percent: number }) => void) =>
    new Promise((resolve, reject) => uploads.push({ request, progress: (percent) => onProgress({ percent }), resolve, reject })),
  downloadImportReport: async (id: string) => void reports.push(id),
  downloadImportTemplate: async (_resource: string, type: string) => void templates.push(type),
}));

const { ImportDialog } = jest.requireActual<typeof import('../../src/widgets/import/ImportDialog')>('../../src/widgets/import/ImportDialog');

const settle = () => act(() => new Promise<void>((r) => setTimeout(r, 0)));
let imported: unknown[] = [];

beforeEach(() => {
  uploads.length = 0;
  reports.length = 0;
  templates.length = 0;
  imported = [];
});
afterEach(cleanup);

async function open() {
  render(
    <ChakraProvider value={system}>
      <I18nProvider modules={[]}>
        <ImportDialog def={exchangeRate} onImported={(o) => imported.push(o)} />
      </I18nProvider>
    </ChakraProvider>,
  );
  await settle();
  fireEvent.click(await screen.findByTestId('import-trigger'));
  await settle();
  return screen.findByTestId('import-dialog');
}

async function choose(dialog: HTMLElement, ...files: File[]) {
  const input = within(dialog).getByTestId('import-file-input') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  fireEvent.input(input);
  await settle();
}
const xlsx = (name = 'rates.xlsx') => new File(['PK'], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

describe('import dialog', () => {
  it('says which rules a request breaks, downloads the chosen template, and sends the four fields', async () => {
    const dialog = await open();
    expect((within(dialog).getByTestId('import-template-type') as HTMLSelectElement).value).toBe('exchange-rate');
    fireEvent.click(within(dialog).getByTestId('import-template-download'));
    await settle();
    expect(templates).toEqual(['exchange-rate']);

    fireEvent.click(within(dialog).getByTestId('import-submit'));
    await settle();
    // The file and the mode are missing; the range is not asked for until COVER.
    expect(within(dialog).getAllByText('import.required')).toHaveLength(2);
    expect(within(dialog).queryByTestId('import-type-date')).toBeNull();
    fireEvent.click(within(dialog).getByText('覆盖'));
    await settle();
    expect(within(dialog).getByTestId('import-type-date')).toBeTruthy();
    expect(within(dialog).getAllByText('import.required')).toHaveLength(2);

    await choose(dialog, xlsx());
    expect(within(dialog).getByTestId('import-file-name').textContent).toContain('rates.xlsx');
    fireEvent.change(within(dialog).getByTestId('import-date-from'), { target: { value: '2026-01-01' } });
    fireEvent.change(within(dialog).getByTestId('import-date-to'), { target: { value: '2026-01-31' } });
    await settle();
    expect(within(dialog).queryAllByText('import.required')).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('import-submit'));
    await settle();
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.request).toMatchObject({ templateType: 'exchange-rate', importType: 'COVER', range: { from: '2026-01-01', to: '2026-01-31' } });
    expect(uploads[0]!.request.files.map((f) => f.name)).toEqual(['rates.xlsx']);
  });

  it('shows the upload\'s percent, then the server\'s phase without one, then the count imported', async () => {
    const dialog = await open();
    await choose(dialog, xlsx());
    fireEvent.click(within(dialog).getByText('追加'));
    await settle();
    fireEvent.click(within(dialog).getByTestId('import-submit'));
    await settle();
    const progress = () => within(dialog).getByTestId('import-progress');
    const bar = () => (progress().getAttribute('role') === 'progressbar' ? progress() : progress().querySelector('[role=progressbar]'))!;
    act(() => uploads[0]!.progress(40));
    await settle();
    expect(progress().getAttribute('data-state')).toBe('uploading');
    expect(bar().getAttribute('aria-valuenow')).toBe('40');
    // Busy, not disabled (it keeps the keyboard's focus), and a press closes nothing.
    const close = within(dialog).getByTestId('import-close');
    expect([close.getAttribute('aria-disabled'), (close as HTMLButtonElement).disabled]).toEqual(['true', false]);
    fireEvent.click(close);
    await settle();
    expect(within(dialog).getByTestId('import-progress')).toBeTruthy();
    act(() => uploads[0]!.progress(100));
    await settle();
    // The whole file is up: the bar no longer claims a number.
    expect(progress().getAttribute('data-state')).toBe('importing');
    expect(bar().getAttribute('aria-valuenow')).toBeNull();
    await act(async () => uploads[0]!.resolve({ imported: 3, replaced: 0 }));
    await settle();
    expect(within(dialog).getByTestId('import-result').textContent).toContain('import.succeeded');
    expect(imported).toEqual([{ imported: 3, replaced: 0 }]);
  });

  it('on a refusal for its rows shows the count and downloads the report; two files where one is allowed are refused before any call', async () => {
    const dialog = await open();
    await choose(dialog, xlsx(), xlsx('more.xlsx'));
    fireEvent.click(within(dialog).getByText('追加'));
    await settle();
    fireEvent.click(within(dialog).getByTestId('import-submit'));
    await settle();
    expect(within(dialog).getByText('import.single')).toBeTruthy();
    expect(uploads).toHaveLength(0);

    await choose(dialog, xlsx());
    fireEvent.click(within(dialog).getByTestId('import-submit'));
    await settle();
    await act(async () => uploads[0]!.reject({ message: '文件中有 2 处错误', errorCount: 2, reportId: 'f0e1d2c3-b4a5-4697-8899-aabbccddeeff' }));
    await settle();
    expect(within(dialog).getByTestId('import-rejected').textContent).toContain('文件中有 2 处错误');
    fireEvent.click(within(dialog).getByTestId('import-report-download'));
    await settle();
    expect(reports).toEqual(['f0e1d2c3-b4a5-4697-8899-aabbccddeeff']);
    expect(imported).toEqual([]);
  });
});
