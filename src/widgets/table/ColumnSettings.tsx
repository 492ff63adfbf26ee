import { useState, type ReactNode } from 'react';
import { Checkbox, HStack, IconButton, NativeSelect, NumberInput, Stack, Tabs, Text } from '@chakra-ui/react';
import type { ColumnSettingsApi, SettingsTab } from '../../machines/column-settings.connect';
import { FIXED, type ColumnState } from '../../machines/column-settings';
import { COLUMN_WIDTH_MAX, COLUMN_WIDTH_MIN } from '../../shared/contract/query-settings';
import { useI18n } from '../../services/i18n/react';
import { SettingsHint, SettingsPopover } from '../settings-popover/parts';

/**
 * The table settings icon and its popover (widgets §2 "Paged query table"): tabs for order
 * (up/down buttons), fixed (none/left/right), shown (tick boxes), width, and, for
 * administrators, whether a column exists. Everything comes from `connectColumnSettings`; the
 * table shows the draft as it is edited; save keeps it, cancel (or a click outside) drops it.
 */
export function ColumnSettings({ api, labelOf }: { api: ColumnSettingsApi; labelOf: (field: string) => string }) {
  const { t } = useI18n();
  const list = (render: (c: ColumnState, index: number, all: ColumnState[]) => ReactNode, columns = api.listed) => (
    <Stack as="ul" gap="1" maxH="64" overflowY="auto" listStyleType="none" m="0" p="0">
      {columns.map((c, i, all) => (
        <HStack as="li" key={c.field} gap="2" justify="space-between" data-field={c.field}>
          {render(c, i, all)}
        </HStack>
      ))}
    </Stack>
  );
  return (
    <SettingsPopover
      api={api}
      texts={{ open: t('table.settings.open'), title: t('table.settings.title'), tab: (name: SettingsTab) => t(`table.settings.tabs.${name}`), reset: t('table.settings.reset'), cancel: t('table.settings.cancel'), save: t('table.settings.save') }}
      testId="table-settings" icon="⚙" width="sm">
      <Tabs.Content value="order">
        <SettingsHint text={t('table.settings.hint.order')} />
        {list((c, i, all) => {
          const label = labelOf(c.field);
          const up = api.getMoveProps(c.field, -1);
          const down = api.getMoveProps(c.field, 1);
          return (
            <>
              <Text fontSize="sm" truncate>{label}</Text>
              <HStack gap="1">
                <IconButton size="2xs" variant="outline" aria-label={t('table.settings.moveUp', { column: label })} data-part={up['data-part']} data-direction="up" disabled={up.disabled || i === 0} onClick={up.onClick}>↑</IconButton>
                <IconButton size="2xs" variant="outline" aria-label={t('table.settings.moveDown', { column: label })} data-part={down['data-part']} data-direction="down" disabled={down.disabled || i === all.length - 1} onClick={down.onClick}>↓</IconButton>
              </HStack>
            </>
          );
        })}
      </Tabs.Content>
      <Tabs.Content value="fixed">
        <SettingsHint text={t('table.settings.hint.fixed')} />
        {list((c) => {
          const label = labelOf(c.field);
          const fixed = api.getFixedProps(c.field);
          return (
            <>
              <Text fontSize="sm" truncate>{label}</Text>
              <NativeSelect.Root size="xs" width="36" disabled={fixed.disabled}>
                <NativeSelect.Field aria-label={t('table.settings.fixedOf', { column: label })} data-part={fixed['data-part']} value={fixed.value} onChange={fixed.onChange}>
                  {FIXED.map((f) => (
                    <option key={f} value={f}>{t(`table.settings.fixedValue.${f}`)}</option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </>
          );
        })}
      </Tabs.Content>
      <Tabs.Content value="hidden">
        <SettingsHint text={t('table.settings.hint.hidden')} />
        {list((c) => <Tick label={labelOf(c.field)} {...api.getVisibleProps(c.field)} />)}
      </Tabs.Content>
      <Tabs.Content value="width">
        <SettingsHint text={t('table.settings.hint.width', { min: COLUMN_WIDTH_MIN, max: COLUMN_WIDTH_MAX })} />
        {list((c) => {
          const label = labelOf(c.field);
          const width = api.getWidthProps(c.field);
          return (
            <>
              <Text fontSize="sm" truncate>{label}</Text>
              <WidthInput label={t('table.settings.widthOf', { column: label })} width={width.width} disabled={width.disabled} onCommit={width.onCommit} />
            </>
          );
        })}
      </Tabs.Content>
      {api.admin && (
        <Tabs.Content value="exist">
          <SettingsHint text={t('table.settings.hint.exist')} />
          {list((c) => <Tick label={labelOf(c.field)} part="exist" {...api.getExistProps(c.field)} />, api.columns)}
        </Tabs.Content>
      )}
    </SettingsPopover>
  );
}

function Tick({ label, checked, disabled, onCheckedChange, part = 'visible' }: { label: string; checked: boolean; disabled: boolean; onCheckedChange: (d: { checked: boolean | 'indeterminate' }) => void; part?: string }) {
  return (
    <Checkbox.Root size="sm" checked={checked} disabled={disabled} onCheckedChange={onCheckedChange} data-part={part}>
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}

/**
 * A width in pixels: typed freely, kept within COLUMN_WIDTH_MIN..MAX, applied when committed
 * (Enter or leaving the field). Follows the width when it changes elsewhere (reset, a drag).
 */
function WidthInput({ label, width, disabled, onCommit }: { label: string; width: number; disabled: boolean; onCommit: (width: number) => void }) {
  const [text, setText] = useState(String(width));
  const [seen, setSeen] = useState(width);
  if (seen !== width) {
    setSeen(width);
    setText(String(width));
  }
  return (
    <NumberInput.Root
      size="xs"
      width="24"
      min={COLUMN_WIDTH_MIN}
      max={COLUMN_WIDTH_MAX}
      step={10}
      value={text}
      disabled={disabled}
      onValueChange={(d) => setText(d.value)}
      onValueCommit={(d) => {
        if (Number.isFinite(d.valueAsNumber) && d.valueAsNumber !== width) onCommit(d.valueAsNumber);
      }}
    >
      <NumberInput.Control />
      <NumberInput.Input aria-label={label} data-part="width" />
    </NumberInput.Root>
  );
}

