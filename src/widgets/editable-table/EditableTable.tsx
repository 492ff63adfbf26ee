import { useMemo, useRef } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Box, Button, HStack, Input, Table, Text } from '@chakra-ui/react';
import { rowEditMachine, type FieldValue, type Row, type SaveRowInput, type ValidateRow } from '../../machines/row-edit.machine';
import { connectRowEdit } from '../../machines/row-edit.connect';
import { useI18n } from '../../services/i18n/react';
import { useLocaleModule } from '../inspector/use-locale-module';

export interface EditableColumn {
  field: string;
  header: string;
  /** `saved`: typed only in a new row (a key such as a code); `always`: never typed here. */
  lock?: 'saved' | 'always';
}

export interface EditableTableProps {
  columns: readonly EditableColumn[];
  /** The rows at mount (the machine owns them afterwards). */
  rows: Row[];
  rowKey: string;
  /** A new row's values. */
  blank: Record<string, FieldValue>;
  validate: ValidateRow;
  /** Saves one row; resolves with the saved row (a new row's key) or nothing. */
  saveRow: (input: SaveRowInput) => Promise<Row | null | undefined>;
  testId?: string;
}

/** The row-edit machine of one table, with the caller's save. */
function useRowEdit(props: EditableTableProps) {
  const saveRef = useRef(props.saveRow);
  saveRef.current = props.saveRow;
  const logic = useMemo(
    () => rowEditMachine.provide({ actors: { saveRow: fromPromise<Row | null | undefined, SaveRowInput>(({ input }) => saveRef.current(input)) } }),
    [],
  );
  const [snapshot, send] = useMachine(logic, { input: { rows: props.rows, rowKey: props.rowKey, blank: props.blank, validate: props.validate } });
  return connectRowEdit(snapshot, send);
}

const messageOf = (error: unknown): { key: string; params?: Record<string, unknown> } | string =>
  error && typeof error === 'object' && 'key' in error ? (error as { key: string; params?: Record<string, unknown> }) : String(error);

/**
 * An editable table (widget-library §4 "Table row edit"): one row at a time is edited in
 * place, with inputs per column; add, edit, save and cancel. The machine decides; this renders.
 */
export function EditableTable(props: EditableTableProps) {
  useLocaleModule('table');
  const { t } = useI18n();
  const api = useRowEdit(props);
  const say = (error: unknown) => {
    const m = messageOf(error);
    return typeof m === 'string' ? m : t(m.key, m.params);
  };
  return (
    <Box {...api.getRootProps()} data-testid={props.testId}>
      <HStack mb="2" gap="2">
        <Button size="xs" {...api.getAddProps()}>{t('table.rowEdit.add')}</Button>
        {api.refusal ? <Text role="alert" color="fg.warning" fontSize="sm">{t(api.refusal)}</Text> : null}
        {api.failure ? <Text role="alert" color="fg.error" fontSize="sm">{api.failure}</Text> : null}
      </HStack>
      <Table.Root size="sm" variant="line">
        <Table.Header>
          <Table.Row>
            {props.columns.map((c) => (
              <Table.ColumnHeader key={c.field}>{c.header}</Table.ColumnHeader>
            ))}
            <Table.ColumnHeader>{t('table.kind.operation')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {api.rows.map((row) => {
            const active = api.rowState(row) !== 'idle';
            return (
              <Table.Row key={api.keyOf(row)} {...api.getRowProps(row)}>
                {props.columns.map((c) => {
                  const { onChange, error, value, readOnly: busyOrIdle, ...cell } = api.getCellProps(row, c.field);
                  const readOnly = busyOrIdle || c.lock === 'always' || (c.lock === 'saved' && api.rowState(row) !== 'add');
                  return (
                    <Table.Cell key={c.field} {...cell}>
                      {active ? (
                        <>
                          <Input size="xs" aria-label={c.header} value={String(value)} readOnly={readOnly} aria-invalid={error ? true : undefined} onChange={(e) => onChange(e.target.value)} />
                          {error ? <Text color="fg.error" fontSize="xs">{say(error)}</Text> : null}
                        </>
                      ) : (
                        String(value)
                      )}
                    </Table.Cell>
                  );
                })}
                <Table.Cell>
                  {active ? (
                    <HStack gap="1">
                      <Button size="xs" {...api.getSaveProps()}>{t('table.rowEdit.save')}</Button>
                      <Button size="xs" variant="outline" {...api.getCancelProps()}>{t('table.rowEdit.cancel')}</Button>
                    </HStack>
                  ) : (
                    <Button size="xs" variant="ghost" {...api.getEditProps(row)}>{t('table.rowEdit.edit')}</Button>
                  )}
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
