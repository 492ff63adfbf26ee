export { EditableTable, type EditableColumn, type EditableList, type EditableTableProps } from './EditableTable';
export { csvText, csvCell, exportFileName } from './csv';
