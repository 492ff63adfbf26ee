import { ExtrasDialog } from './ExtrasDialog';
import { useCallback, useMemo, useState } from 'react';
import { Button, Spinner } from '@chakra-ui/react';
import valueDef from '../../../resources/defs/dictionary-value';
import { resourceApi, type ResourceRow } from '../../../services/api/resources';
import { bodyOf, validateValues, valuesOf } from '../../../services/resource-form';
import { useI18n } from '../../../services/i18n/react';
import type { FieldValue, Row, SaveRowInput } from '../../../machines/row-edit.machine';
import { DICTIONARY_VALUES_PAGE_SIZE } from '../../../shared/constants';
import { tablePaging } from '../../../widgets/table';
import { EditableTable, type EditableColumn, type EditableList } from '../../../widgets/editable-table';
import { ErrorAlert } from '../../../widgets/ErrorAlert';
import { usePagedList, type FetchPage } from '../../../widgets/paged-list/usePagedList';
import { useLocaleModule } from '../../../services/i18n/use-locale-module';
import type { RowExtraProps } from './types';
import { RowButton } from '../../../widgets/table';
import { rowNameIn } from '../../../resources/row-name';

const values = resourceApi(valueDef);

/** A stored value's id and version, as the update needs them (the row's draft holds them as text). */
const recordOf = (row: Row) => (row.id != null && /^\d+$/.test(String(row.id)) ? { id: Number(row.id), version: Number(row.version) } : undefined);

/** Validation with the dictionary-value definition's own schema, so messages are the resource's. */
export const validateValue = (input: Record<string, FieldValue>, row: Row) => validateValues(valueDef, valuesOf(valueDef, { ...row, ...input }), recordOf(row)) as Record<string, unknown>;

/** Saves one value: `add` for a new row (its dictionary filled in), `update` with id and version otherwise. */
export function saveValue(dictType: string) {
  return async ({ row, isNew }: SaveRowInput): Promise<Row | null> => {
    const form = valuesOf(valueDef, { ...row, dictType });
    const record = recordOf(row);
    if (isNew || !record) return values.run('add', bodyOf(valueDef, form));
    return values.run('update', bodyOf(valueDef, form, record));
  };
}

/** A dictionary's name in the reader's language: its English name in English when it has one, as a structure's tree does. */
export const dictionaryNameOf = (row: Record<string, unknown>, lang: string): string => rowNameIn(row, 'dictName', lang, String(row.dictType ?? ''));

/** A dictionary row's extra action: its values, edited in place (issue 11 point 6). */
export function DictionaryRowActions({ row, display }: RowExtraProps) {
  const { t, lang } = useI18n();
  const ready = useLocaleModule('admin');
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  if (!ready || !display.button('dictValues')) return null;
  const dictType = String(row.dictType ?? '');
  const name = dictionaryNameOf(row, lang);
  return (
    <>
      <RowButton onClick={() => setOpen(true)} data-action="dictionary-values" aria-label={t('admin.dictValues.actionLabel', { name })}>
        {t('admin.dictValues.action')}
      </RowButton>
      {open && <DictionaryValuesDialog dictType={dictType} name={name} onClose={close} />}
    </>
  );
}

/** The column settings of the values dialog are the user's under this page code (not the dictionary-value page's own table). */
export const DICTIONARY_VALUES_PAGE_CODE = 'dictionary-value.values';

/**
 * The values of one dictionary: loaded by the paged-list machine, a page at a time, then edited
 * by the row-edit machine in the editable table with its toolbar, column settings, export and
 * pager. The server's text filter is "contains" (Tenor would find TenorX's values too), so the
 * dictionary's values are read whole, up to DICTIONARY_VALUES_PAGE_SIZE, kept to its own and
 * cut into the page asked for: each page change reads them again, so a value added shows.
 */
export function DictionaryValuesDialog({ dictType, name, onClose }: { dictType: string; name: string; onClose: () => void }) {
  const { t, lang } = useI18n();
  const fetchPage: FetchPage<ResourceRow> = useCallback(
    async ({ start, limit }) => {
      const page = await values.query({ start: 1, limit: DICTIONARY_VALUES_PAGE_SIZE, dictType, sort: { field: 'sort', order: 'asc' } });
      const own = page.rows.filter((r) => r.dictType === dictType);
      return { rows: own.slice((start - 1) * limit, start * limit), total: own.length };
    },
    [dictType],
  );
  const list = usePagedList<ResourceRow>(fetchPage, undefined, tablePaging());
  const columns: EditableColumn[] = useMemo(
    () => [
      { field: 'value', header: t('admin.dictValues.value'), lock: 'saved' },
      { field: 'textZh', header: t('admin.dictValues.textZh') },
      { field: 'textEn', header: t('admin.dictValues.textEn') },
      { field: 'sort', header: t('admin.dictValues.sort') },
    ],
    [t],
  );
  const save = useMemo(() => saveValue(dictType), [dictType]);
  const loaded = list.state === 'ready' || list.state === 'empty';
  return (
    <ExtrasDialog
      title={t('admin.dictValues.title', { name, code: dictType })}
      explain={t('admin.dictValues.explain')}
      closeLabel={t('admin.dictValues.close')}
      onClose={onClose}
      size="xl"
      testId="dictionary-values-dialog"
      contentProps={{ maxW: 'min(900px, 95vw)', w: '95vw' }}
    >
      {list.busy && <Spinner role="status" aria-label={t('global.loading')} />}
      <ErrorAlert message={list.error} />
      {list.failed && (
        <Button size="sm" variant="outline" alignSelf="start" onClick={list.refresh}>{t('admin.dictValues.retry')}</Button>
      )}
      {loaded && (
        <EditableTable
          columns={columns}
          rows={list.rows as Row[]}
          list={list as unknown as EditableList}
          code={DICTIONARY_VALUES_PAGE_CODE}
          exportName={`${valueDef.label[lang]}-${dictType}`}
          rowKey="id"
          blank={{ dictType, value: '', textZh: '', textEn: '', sort: '0' }}
          validate={validateValue}
          saveRow={save}
          testId="dictionary-values"
        />
      )}
    </ExtrasDialog>
  );
}
