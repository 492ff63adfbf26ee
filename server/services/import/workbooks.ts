import type { ResourceDef } from '../../../src/resources/define';
import type { ImportRowError } from '../../../src/shared/contract/import';
import type { Language } from '../../../src/shared/constants';
import type { Translate } from '../../i18n';

/**
 * The two files an import hands out (docs/import.md), small enough to build whole with exceljs:
 * the template (its columns' labels in the reader's language, date columns formatted as dates)
 * and the error report (row, column, problem).
 */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Excel's sheet names: at most 31 characters, none of \ / ? * [ ] :. */
const sheetName = (name: string) => name.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet1';

export async function templateWorkbook(def: ResourceDef, columns: readonly string[], lang: Language, title: string): Promise<Buffer> {
  const { default: excel } = await import('exceljs');
  const workbook = new excel.Workbook();
  const sheet = workbook.addWorksheet(sheetName(title));
  sheet.columns = columns.map((name) => {
    const f = def.fields[name]!;
    return { header: f.label[lang], key: name, width: Math.max(14, f.label[lang].length * 2 + 4), ...(f.type === 'date' ? { style: { numFmt: 'yyyy-mm-dd' } } : {}) };
  });
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function reportWorkbook(errors: readonly ImportRowError[], t: Translate): Promise<Buffer> {
  const { default: excel } = await import('exceljs');
  const workbook = new excel.Workbook();
  const sheet = workbook.addWorksheet(sheetName(t('import.report.sheet')));
  sheet.columns = [
    { header: t('import.report.row'), key: 'row', width: 8 },
    { header: t('import.report.column'), key: 'column', width: 20 },
    { header: t('import.report.message'), key: 'message', width: 70 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const e of errors) sheet.addRow(e);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
