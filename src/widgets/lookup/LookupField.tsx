import { useEffect, useState } from 'react';
import { Group, IconButton, Input } from '@chakra-ui/react';
import type { MagnifierMode, WriteFields } from '../../machines/magnifier.machine';
import { lookupOf, valueSearchOf, type LookupDef } from '../../shared/lookups';
import { contract } from '../../shared/contract';
import { call } from '../../services/http/call';
import { useI18n } from '../../services/i18n/react';
import { useLocaleModule } from '../../services/i18n/use-locale-module';
import { LookupDialog } from './LookupDialog';
import { useMagnifier } from './useMagnifier';

export interface LookupFieldProps {
  /** The form field this control stands for (one of `fills`' keys). */
  name: string;
  /** The lookup's code (src/resources/lookups.ts). */
  lookup: string;
  /** Form field → the lookup row's field. */
  fills: Record<string, string>;
  /** The form's values (the linked fields among them). */
  values: Record<string, unknown>;
  /** The linked fields' new values (the form's setter for each). */
  onFill: (values: Record<string, string>, write: WriteFields) => void;
  label: string;
  mode?: MagnifierMode;
  readOnly?: boolean;
  invalid?: boolean;
  id?: string;
  /** Extra parameters of the lookup's call (the budget's business currency). */
  params?: Record<string, string>;
  /**
   * The input takes typing: opening the magnifier (its button, Enter or Arrow down) searches the
   * value field for what was typed, and page 1 holding one row picks it (widgets §4).
   */
  autoSelect?: boolean;
}

const asText = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/**
 * A field picked with a lookup (widgets §2, §4 "Magnifier"): a read-only input showing what is
 * chosen (the value and, once known, its text), a magnifier button that opens the lookup dialog
 * and a clear button. The linked fields are the form's; a pick, a clear or a reset writes them
 * through `onFill`.
 */
export function LookupField(props: LookupFieldProps) {
  const def = lookupOf(props.lookup);
  if (!def) return <Input size="sm" value={asText(props.values[props.name])} readOnly aria-label={props.label} />;
  return <LookupFieldOf {...props} def={def} />;
}

function LookupFieldOf({ name, def, fills, values, onFill, label, mode = 'single', readOnly = false, invalid, id, params, autoSelect }: LookupFieldProps & { def: LookupDef }) {
  useLocaleModule('lookup');
  const { t, lang } = useI18n();
  const linked = Object.fromEntries(Object.keys(fills).map((f) => [f, asText(values[f])]));
  const [texts, setTexts] = useState<Record<string, string>>({});
  // What the user typed since the field last showed its value (auto-select fields only): null
  // while the field shows the value. Plain input state: the lookup's process is the machine's.
  const [typed, setTyped] = useState<string | null>(null);
  const valueSearch = valueSearchOf(def);
  const typing = Boolean(autoSelect && valueSearch && !readOnly && mode === 'single');
  const api = useMagnifier({
    def,
    mode,
    fills,
    values: linked,
    params,
    autoSelect,
    onWrite: (write) => {
      setTyped(null);
      setTexts(Object.fromEntries(write.rows.map((r) => [asText(r[def.value]), asText(r[def.text])])));
      onFill(write.values, write);
    },
  });
  const value = linked[name] ?? '';
  // The text of a value the form opened with (a stored record): asked once from the lookup itself.
  useEffect(() => {
    if (!value || mode === 'multi' || texts[value] !== undefined || !valueSearch) return;
    let live = true;
    call(contract.lookup[def.code as keyof typeof contract.lookup], { start: 1, limit: 10, [valueSearch]: value } as never, { noLoading: true, noErrorTip: true } as never)
      .then((page) => {
        const row = (page as { rows: Array<Record<string, unknown>> }).rows.find((r) => asText(r[def.value]) === value);
        if (live && row) setTexts((now) => ({ ...now, [value]: asText(row[def.text]) }));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [value, def, mode, valueSearch, texts]);
  const shown = value
    .split(',')
    .filter((v) => v !== '')
    .map((v) => (texts[v] && texts[v] !== v ? `${v} ${texts[v]}` : v))
    .join(', ');
  const clear = api.getClearProps();
  // Opening with a typed code searches the value field for it (auto-select may pick it at once).
  const search = typing && typed?.trim() ? { [valueSearch!]: typed.trim() } : undefined;
  const trigger = api.getTriggerProps(search);
  const open = () => {
    trigger.onClick();
    setTyped(null);
  };
  const triggerId = `${id ?? `lookup-${name}`}-open`;
  return (
    <Group attached w="full" data-part="lookup-field" data-state={typed !== null ? 'typing' : value ? 'filled' : 'empty'} data-lookup={def.code}>
      <Input
        id={id}
        size="sm"
        value={typed ?? shown}
        readOnly={!typing}
        placeholder={typing ? t('lookup.typeCode') : undefined}
        aria-invalid={invalid || undefined}
        aria-label={label}
        data-testid={`lookup-field-${name}`}
        onFocus={(e) => typing && e.currentTarget.select()}
        onChange={(e) => typing && setTyped(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (readOnly) return;
          if (e.key === 'Enter' || e.key === 'ArrowDown') {
            e.preventDefault();
            open();
          } else if (e.key === 'Escape' && typed !== null) setTyped(null);
        }}
        // Typing left for anywhere but the magnifier button shows the value again: only a pick changes it.
        onBlur={(e) => typed !== null && e.relatedTarget?.id !== triggerId && setTyped(null)}
      />
      {/* Group passes its attach props to each child: the buttons are children, not a fragment. */}
      {!readOnly && <IconButton size="sm" variant="outline" aria-label={t('lookup.clear', { field: label })} {...clear} data-testid={`lookup-clear-${name}`}>✕</IconButton>}
      {!readOnly && <IconButton size="sm" variant="outline" aria-label={t('lookup.open', { field: label })} {...trigger} id={triggerId} onClick={open} data-testid={`lookup-open-${name}`}><MagnifierIcon /></IconButton>}
      {api.open && <LookupDialog def={def} api={api} title={def.label[lang]} />}
    </Group>
  );
}

/**
 * The magnifier's glass, drawn: an emoji needs a colour-emoji font, which many office
 * machines (and Debian's Chromium without fonts-noto-color-emoji) lack, leaving an empty box.
 */
function MagnifierIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" aria-hidden="true" focusable="false">
      <circle cx="6.75" cy="6.75" r="4.75" />
      <line x1="10.25" y1="10.25" x2="14.5" y2="14.5" />
    </svg>
  );
}
