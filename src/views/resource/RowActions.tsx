import { Button, HStack } from '@chakra-ui/react';
import type { ResourceDef } from '../../resources/define';
import { allowedRecordEvents, type StoredRecordState } from '../../machines/record-lifecycle.machine';
import type { RecordEventType } from '../../shared/record';
import { useI18n } from '../../services/i18n/react';
import type { ResourceRow } from '../../services/api/resources';

/** What the page does for a row: open its form, or run a call of the family (after a question or a review dialog). */
export type RowIntent = { kind: 'view' | 'edit' | 'review'; row: ResourceRow } | { kind: 'call'; row: ResourceRow; call: string; confirm?: boolean };

/**
 * The lifecycle steps a row's buttons offer, in order: each allowed now by the record-lifecycle
 * machine (the same the server runs), so no button leads to a refusal. Review stands for its
 * three decisions; the start/stop family shows its own words.
 */
const BUTTONS: Array<{ event: RecordEventType; intent: (row: ResourceRow) => RowIntent; label: string; startStop?: string }> = [
  { event: 'RECORD.UPDATE', intent: (row) => ({ kind: 'edit', row }), label: 'edit' },
  { event: 'RECORD.SUBMIT', intent: (row) => ({ kind: 'call', row, call: 'submit' }), label: 'submit' },
  { event: 'RECORD.PASS', intent: (row) => ({ kind: 'review', row }), label: 'review' },
  { event: 'RECORD.ENABLE', intent: (row) => ({ kind: 'call', row, call: 'enable' }), label: 'enable', startStop: 'start' },
  { event: 'RECORD.DISABLE', intent: (row) => ({ kind: 'call', row, call: 'disable', confirm: true }), label: 'disable', startStop: 'stop' },
  { event: 'RECORD.NULLIFY', intent: (row) => ({ kind: 'call', row, call: 'nullify', confirm: true }), label: 'nullify' },
  { event: 'RECORD.DELETE', intent: (row) => ({ kind: 'call', row, call: 'delete', confirm: true }), label: 'delete' },
];

export function RowActions({ def, row, disabled, onIntent }: { def: ResourceDef; row: ResourceRow; disabled: boolean; onIntent: (intent: RowIntent) => void }) {
  const { t } = useI18n();
  const allowed = allowedRecordEvents(def.lifecycle === 'review', { recordState: row.recordState as StoredRecordState['recordState'], enabled: row.enabled });
  return (
    <HStack gap="1" wrap="wrap" data-part="row-actions">
      <Button size="xs" variant="ghost" colorPalette="blue" disabled={disabled} onClick={() => onIntent({ kind: 'view', row })}>
        {t('resource.action.view')}
      </Button>
      {BUTTONS.filter((b) => allowed.includes(b.event)).map((b) => (
        <Button key={b.event} size="xs" variant="ghost" colorPalette={b.label === 'delete' || b.label === 'nullify' ? 'red' : 'blue'} disabled={disabled} data-action={b.label} onClick={() => onIntent(b.intent(row))}>
          {t(`resource.action.${def.lifecycle === 'start-stop' && b.startStop ? b.startStop : b.label}`)}
        </Button>
      ))}
    </HStack>
  );
}
