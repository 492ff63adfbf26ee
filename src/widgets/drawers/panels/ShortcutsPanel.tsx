import { Kbd, Table } from '@chakra-ui/react';
import { useI18n } from '../../../services/i18n/react';

const SHORTCUTS: Array<[string[], string]> = [
  [['/'], 'focusSearch'],
  [['Ctrl', 'K'], 'focusSearch'],
  [['↑', '↓'], 'moveResult'],
  [['Enter'], 'openResult'],
  [['Esc'], 'escape'],
  [['Tab'], 'tab'],
];

/** The keyboard ways through the shell. */
export default function ShortcutsPanel() {
  const { t } = useI18n();
  return (
    <Table.Root size="sm" maxW="xl" data-testid="shortcuts">
      <Table.Body>
        {SHORTCUTS.map(([keys, what]) => (
          <Table.Row key={keys.join('+')}>
            <Table.Cell whiteSpace="nowrap">
              {keys.map((k, i) => (
                <Kbd key={k} me={i < keys.length - 1 ? '1' : '0'}>{k}</Kbd>
              ))}
            </Table.Cell>
            <Table.Cell>{t(`shell.shortcuts.${what}`)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
