import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import type { Endpoint } from '../../src/shared/contract';
import type { ExportJob, ExportRequest } from '../../src/shared/contract/export';
import { I18nProvider } from '../../src/services/i18n/react';
import { system } from '../../src/services/theme-system';

// The export dialog's job path and the export-jobs drawer with their real machines and Chakra
// parts; the calls are doubles of src/services/api/export.ts (the http client is tested in
// http-client.test.ts). Messages are not served: texts show as keys.
jest.mock('../../src/services/http/call', () => ({
  call: async (endpoint: Endpoint) => {
    if (!endpoint.path.endsWith('/query/dictionary')) throw new Error(`no answer for ${endpoint.path}`);
    return {
      dictionary: {
        FileType: [{ value: 'csv', text: 'CSV' }],
        ExportType: [{ value: '01', text: '当前页' }, { value: '02', text: '全部数据' }],
      },
      constant: {},
      custom: {},
    };
  },
}));
const sent: ExportRequest[] = [];
let listed: ExportJob[] = [];
const downloaded: number[] = [];
jest.mock('../../src/services/api/export', () => ({
  exportFile: async (body: ExportRequest) => (sent.push(body), { mode: 'job', jobId: 41 }),
  listExportJobs: async () => listed,
  downloadExportJob: async (id: number) => void downloaded.push(id),
  deleteExportJob: async () => null,
}));

const { ExportDialog } = jest.requireActual<typeof import('../../src/widgets/export/ExportDialog')>('../../src/widgets/export/ExportDialog');

const settle = () => act(() => new Promise<void>((r) => setTimeout(r, 0)));
const job = (id: number, status: ExportJob['status'], rowsDone: number, failure: string | null = null): ExportJob => ({
  id,
  fileName: `rates-${id}.csv`,
  fileType: 'csv',
  status,
  total: 200_000,
  rowsDone,
  failure,
  byteSize: status === 'done' ? 4096 : null,
  createdAt: '2026-11-24T10:00:00.000Z',
  finishedAt: status === 'running' || status === 'pending' ? null : '2026-11-24T10:01:00.000Z',
  expiresAt: status === 'running' || status === 'pending' ? null : '2026-11-25T10:01:00.000Z',
});

beforeEach(() => {
  sent.length = 0;
  downloaded.length = 0;
  localStorage.clear();
});
afterEach(cleanup);

async function renderDialog(total: number) {
  render(
    <ChakraProvider value={system}>
      <I18nProvider modules={[]}>
        <ExportDialog
          fileName="汇率"
          columns={[{ field: 'rateDate', label: '日期' }]}
          total={total}
          request={(c) => ({ fileName: c.fileName, fileType: 'csv', exportColumn: c.columns, exportType: c.scope as '02', total: c.total, tableUrl: '/api/fsmc/exchange-rate/query', query: { start: 1, limit: 50 } })}
        />
      </I18nProvider>
    </ChakraProvider>,
  );
  await settle();
}

describe('export jobs', () => {
  it('an export answered as a job is noted locally as pending, and the jobs list opens on it with its progress', async () => {
    listed = [job(41, 'running', 50_000)];
    await renderDialog(200_000);
    fireEvent.click(await screen.findByTestId('export-trigger'));
    await settle();
    const dialog = await screen.findByTestId('export-dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: '全部数据' }));
    await settle();
    fireEvent.click(within(dialog).getByTestId('export-submit'));
    await settle();
    fireEvent.click(within(dialog).getByTestId('export-continue'));
    await settle();
    await settle();
    expect(sent).toEqual([expect.objectContaining({ exportType: '02', total: 200_000 })]);
    expect(JSON.parse(localStorage.getItem('asyncExports:pending')!)).toEqual([{ jobId: 41, fileName: '汇率' }]);
    const drawer = await screen.findByTestId('export-jobs');
    await settle();
    const row = drawer.querySelector('[data-part=job][data-key="41"]') as HTMLElement;
    expect(row.getAttribute('data-state')).toBe('running');
    expect(within(row).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    // No file yet: no download.
    expect((within(row).getByTestId('export-job-download') as HTMLButtonElement).hidden).toBe(true);
    // The toolbar counts the job in progress.
    expect(screen.getByTestId('export-jobs-count').textContent).toBe('1');
  });

  it('the list: a failed job says why, a done one downloads, and notes of finished jobs are dropped', async () => {
    localStorage.setItem('asyncExports:pending', JSON.stringify([{ jobId: 7, fileName: 'rates-7' }]));
    listed = [job(8, 'failed', 0, '导出失败：服务器生成文件时出错'), job(7, 'done', 200_000)];
    await renderDialog(20);
    fireEvent.click(screen.getByTestId('export-jobs-trigger'));
    await settle();
    const drawer = await screen.findByTestId('export-jobs');
    await settle();
    const failed = drawer.querySelector('[data-key="8"]') as HTMLElement;
    expect(within(failed).getByTestId('export-job-failure').textContent).toBe('导出失败：服务器生成文件时出错');
    expect(within(failed).queryByRole('progressbar')).toBeNull();
    const done = drawer.querySelector('[data-key="7"]') as HTMLElement;
    expect(within(done).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(localStorage.getItem('asyncExports:pending')).toBeNull();
    fireEvent.click(within(done).getByTestId('export-job-download'));
    await settle();
    expect(downloaded).toEqual([7]);
  });

  it('no jobs: the list says so', async () => {
    listed = [];
    await renderDialog(20);
    fireEvent.click(screen.getByTestId('export-jobs-trigger'));
    await settle();
    await settle();
    expect((await screen.findByTestId('export-jobs-empty')).textContent).toContain('export.jobs.empty');
  });
});
