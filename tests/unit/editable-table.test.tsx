import { afterEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nProvider } from '../../src/services/i18n/react';
import { system } from '../../src/services/theme-system';
import { EditableTable } from '../../src/widgets/editable-table';
import type { FieldValue, Row, SaveRowInput } from '../../src/machines/row-edit.machine';
import { ROW_STATUS_ADD, ROW_STATUS_FIELD } from '../../src/shared/constants';
import { messagesOf, serveLocales } from './support/locale';

// EditableTable with the real row-edit machine; the save is a double the test answers. The
// table's messages are served from locale/table by a fetch double, so the test finds what a
// user reads.

const zh = messagesOf('table');
serveLocales(['table']);
afterEach(cleanup);

const settle = () => act(() => new Promise<void>((r) => setTimeout(r, 0)));
const validate = (values: Record<string, FieldValue>) => (String(values.name ?? '').trim() ? {} : { name: { key: 'resource.error.required' } });

async function renderTable(saveRow: (input: SaveRowInput) => Promise<Row | null | undefined>) {
  render(
    <ChakraProvider value={system}>
      <I18nProvider modules={['table']}>
        <EditableTable
          columns={[{ field: 'code', header: 'Code' }, { field: 'name', header: 'Name' }]}
          rows={[{ id: 1, code: 'USD', name: '美元' }]}
          rowKey="id"
          blank={{ code: '', name: '' }}
          validate={validate}
          saveRow={saveRow}
          testId="editable"
        />
      </I18nProvider>
    </ChakraProvider>,
  );
  await settle();
  await settle();
}

const rows = () => within(screen.getByTestId('editable')).getAllByRole('row').slice(1);

describe('EditableTable (widgets §4 table row edit)', () => {
  it('adds a row flagged row_status add, saves it, and refuses a second add while one is open', async () => {
    const saved: SaveRowInput[] = [];
    await renderTable(async (input) => {
      saved.push(input);
      return { ...input.row, id: 9 };
    });
    expect(rows()).toHaveLength(1);
    expect(rows()[0]!.getAttribute('data-state')).toBe('idle');

    fireEvent.click(screen.getByRole('button', { name: zh.rowEdit.add }));
    expect(rows()).toHaveLength(2);
    expect(rows()[1]!.getAttribute('data-state')).toBe('add');

    // A second add while the new row is open is refused, with a message, and adds nothing.
    fireEvent.click(screen.getByRole('button', { name: zh.rowEdit.add }));
    expect(screen.getByRole('alert')!.textContent).toContain(zh.rowEdit.busy);
    expect(rows()).toHaveLength(2);

    // An empty name is refused in place; typing one and saving sends the row as new.
    fireEvent.click(screen.getByRole('button', { name: zh.rowEdit.save }));
    expect(saved).toHaveLength(0);
    expect(within(rows()[1]!).getByLabelText('Name')!.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(within(rows()[1]!).getByLabelText('Name'), { target: { value: '欧元' } });
    fireEvent.click(screen.getByRole('button', { name: zh.rowEdit.save }));
    await settle();
    expect(saved).toEqual([{ row: expect.objectContaining({ name: '欧元', [ROW_STATUS_FIELD]: ROW_STATUS_ADD }), isNew: true }]);
    expect(rows()[1]!.getAttribute('data-state')).toBe('idle');
    expect(rows()[1]!.textContent).toContain('欧元');
    // The server's row replaces it, under its own key and without the new-row flag; editing it again is addEdit.
    fireEvent.click(within(rows()[1]!).getByRole('button', { name: zh.rowEdit.edit }));
    expect(rows()[1]!.getAttribute('data-state')).toBe('addEdit');
    fireEvent.change(within(rows()[1]!).getByLabelText('Name'), { target: { value: '英镑' } });
    fireEvent.click(screen.getByRole('button', { name: zh.rowEdit.cancel }));
    expect(rows()[1]!.textContent).toContain('欧元');
  });

  it('cancel removes a new row and reverts an edited one; a refused save keeps the typed value and says why', async () => {
    await renderTable(async () => {
      throw new Error('该记录已被他人修改');
    });
    fireEvent.click(screen.getByRole('button', { name: zh.rowEdit.add }));
    expect(rows()).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: zh.rowEdit.cancel }));
    expect(rows()).toHaveLength(1);

    fireEvent.click(within(rows()[0]!).getByRole('button', { name: zh.rowEdit.edit }));
    expect(rows()[0]!.getAttribute('data-state')).toBe('edit');
    fireEvent.change(within(rows()[0]!).getByLabelText('Name'), { target: { value: '日元' } });
    fireEvent.click(screen.getByRole('button', { name: zh.rowEdit.save }));
    await settle();
    expect(screen.getByRole('alert')!.textContent).toContain('该记录已被他人修改');
    expect((within(rows()[0]!).getByLabelText('Name') as HTMLInputElement).value).toBe('日元');

    fireEvent.click(screen.getByRole('button', { name: zh.rowEdit.cancel }));
    expect(rows()[0]!.getAttribute('data-state')).toBe('idle');
    expect(rows()[0]!.textContent).toContain('美元');
  });

  it('keeps the keyboard in the rows: Add or Edit focuses the row’s first field, Save or Cancel its Edit button or Add', async () => {
    let answer: (row: Row | null) => void = () => undefined;
    let refuse: (error: Error) => void = () => undefined;
    await renderTable((input) => new Promise((resolve, reject) => {
      answer = (row) => resolve(row ?? { ...input.row, id: 9 });
      refuse = reject;
    }));
    const add = screen.getByRole('button', { name: zh.rowEdit.add });
    const press = (button: HTMLElement) => {
      button.focus();
      fireEvent.click(button);
    };

    // Add: the new row's first field, to type into; Cancel removes the row and its buttons: Add.
    press(add);
    expect(document.activeElement).toBe(within(rows()[1]!).getByLabelText('Code'));
    press(screen.getByRole('button', { name: zh.rowEdit.cancel }));
    expect(rows()).toHaveLength(1);
    expect(document.activeElement).toBe(add);

    // Edit replaces its button with the fields: the first one; Cancel gives the row's Edit back.
    press(within(rows()[0]!).getByRole('button', { name: zh.rowEdit.edit }));
    expect(document.activeElement).toBe(within(rows()[0]!).getByLabelText('Code'));
    press(screen.getByRole('button', { name: zh.rowEdit.cancel }));
    expect(document.activeElement).toBe(within(rows()[0]!).getByRole('button', { name: zh.rowEdit.edit }));

    // A refused save leaves the row open and the focus in it; a saved new row (the server's key now) its Edit.
    press(add);
    fireEvent.change(within(rows()[1]!).getByLabelText('Name'), { target: { value: '欧元' } });
    press(screen.getByRole('button', { name: zh.rowEdit.save }));
    await act(async () => refuse(new Error('该记录已被他人修改')));
    await settle();
    expect(rows()[1]!.getAttribute('data-state')).toBe('add');
    expect(rows()[1]!.contains(document.activeElement)).toBe(true);
    press(screen.getByRole('button', { name: zh.rowEdit.save }));
    await act(async () => answer(null));
    await settle();
    expect(rows()[1]!.getAttribute('data-state')).toBe('idle');
    expect(document.activeElement).toBe(within(rows()[1]!).getByRole('button', { name: zh.rowEdit.edit }));
  });
});

describe('the editable table’s CSV export', () => {
  it('writes the header and cells quoted where needed, guards formulas, and names the file by the time', async () => {
    const { csvText, exportFileName } = await import('../../src/widgets/editable-table');
    expect(csvText(['代码', 'Name'], [['USD', '美元'], ['A,B', 'say "hi"'], ['=1+2', '-5'], [null, true]])).toBe('\uFEFF代码,Name\r\nUSD,美元\r\n"A,B","say ""hi"""\r\n\'=1+2,-5\r\n,true\r\n');
    expect(exportFileName('字典值-Tenor', new Date(2026, 10, 24, 9, 5, 7))).toBe('字典值-Tenor-20261124-090507.csv');
    expect(exportFileName('a/b:c', new Date(2026, 0, 1))).toBe('a_b_c-20260101-000000.csv');
  });
});
