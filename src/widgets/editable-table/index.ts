export { EditableTable, type EditableColumn, type EditableTableProps } from './EditableTable';
