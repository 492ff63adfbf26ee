/** The data table (issue 10 point 6): see DataTable.tsx for how a page uses it. */
export { DataTable, ROW_HEIGHT, type DataTableProps, type TableColumn, type TableList, type TableToolbarContext } from './DataTable';
export { tablePaging, nextSort, linkUrl, cutText, cellText, type SortState } from './table-helpers';
export { serverColumnSettings, type ColumnSettingsCalls } from './useColumnSettings';
export { RowButton, type RowButtonProps, type RowButtonPalette } from './RowButton';
