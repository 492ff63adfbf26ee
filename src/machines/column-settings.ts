import { columnLayout, type ColumnKind } from '../shared/column-layout';
import { COLUMN_WIDTH_MAX, COLUMN_WIDTH_MIN, type ColumnSetting } from '../shared/contract/query-settings';

/**
 * A table's column settings as pure values (widgets §3 "Table column setting", §5 "Custom
 * order"; portal-shell §9): the defaults a page declares, merged with what the server saved,
 * edited, and written back. The column-settings machine calls these; so can a test.
 */

export type Fixed = 'left' | 'right' | 'none';
export const FIXED: readonly Fixed[] = ['none', 'left', 'right'];

/** What a page declares about a column: its field and kind. */
export interface ColumnBase {
  field: string;
  kind: ColumnKind;
  /** A default width other than the kind's (a page whose operation column holds more buttons). */
  width?: number;
}

/** One column as the table shows it now. */
export interface ColumnState extends ColumnBase {
  fixed: Fixed;
  visible: boolean;
  width: number;
  /** Whether the column exists at all: administrators decide, for everyone. */
  exist: boolean;
}

/** A saved column as `querySettings.columns` answers it (loosely typed: the server's word, checked here). */
export interface SavedColumn {
  field: string;
  fixed: string;
  visible: boolean;
  width: number;
  exist: boolean;
  type?: string;
}

const isFixed = (value: unknown): value is Fixed => value === 'left' || value === 'right' || value === 'none';

/** A width the contract accepts: a whole number between COLUMN_WIDTH_MIN and COLUMN_WIDTH_MAX. */
export function clampWidth(width: number): number {
  if (!Number.isFinite(width)) return COLUMN_WIDTH_MIN;
  return Math.min(COLUMN_WIDTH_MAX, Math.max(COLUMN_WIDTH_MIN, Math.round(width)));
}

/** The declared columns with the widths and fixing of their kind (portal-shell §9), all shown. */
export function defaultColumns(columns: readonly ColumnBase[]): ColumnState[] {
  return columns.map(({ field, kind, width }) => {
    const layout = columnLayout(kind);
    return { field, kind, fixed: layout.fixed, visible: true, width: width ?? layout.width, exist: true };
  });
}

/**
 * Widgets §5 "Custom order": a saved order is used only if it has as many entries as the
 * defaults and every entry is a known column (and none twice).
 */
export function isUsableOrder(defaults: readonly ColumnBase[], saved: readonly { field: string }[] | null | undefined): boolean {
  if (!saved || saved.length !== defaults.length) return false;
  const known = new Set(defaults.map((c) => c.field));
  const seen = new Set<string>();
  for (const s of saved) {
    if (!known.has(s.field) || seen.has(s.field)) return false;
    seen.add(s.field);
  }
  return true;
}

/**
 * The defaults with the saved settings applied. The saved order is taken only when it is
 * usable (`isUsableOrder`); otherwise the columns keep the default order. Either way, a saved
 * entry for a known column still brings its fixing, visibility, width and existence (a page
 * that gained a column keeps what the user and the administrators chose for the others);
 * entries for unknown columns and malformed values are ignored. The kind is always the page's.
 * `exist`, the page's flags by field (administrators', for everyone), has the last word on
 * whether a column exists, also for a user who never saved settings.
 */
export function mergeColumns(defaults: readonly ColumnState[], saved: readonly SavedColumn[] | null | undefined, exist: Readonly<Record<string, boolean>> = {}): ColumnState[] {
  const merged = mergeSaved(defaults, saved);
  return merged.map((c) => (typeof exist[c.field] === 'boolean' && Object.hasOwn(exist, c.field) ? { ...c, exist: exist[c.field]! } : c));
}

function mergeSaved(defaults: readonly ColumnState[], saved: readonly SavedColumn[] | null | undefined): ColumnState[] {
  if (!Array.isArray(saved) || saved.length === 0) return defaults.map((c) => ({ ...c }));
  const byField = new Map<string, SavedColumn>();
  for (const s of saved) if (s && typeof s.field === 'string' && !byField.has(s.field)) byField.set(s.field, s);
  const apply = (c: ColumnState): ColumnState => {
    const s = byField.get(c.field);
    if (!s) return { ...c };
    return {
      ...c,
      fixed: isFixed(s.fixed) ? s.fixed : c.fixed,
      visible: typeof s.visible === 'boolean' ? s.visible : c.visible,
      width: typeof s.width === 'number' && Number.isFinite(s.width) ? clampWidth(s.width) : c.width,
      exist: typeof s.exist === 'boolean' ? s.exist : c.exist,
    };
  };
  if (!isUsableOrder(defaults, saved)) return defaults.map(apply);
  const byDefault = new Map(defaults.map((c) => [c.field, c]));
  return saved.map((s) => apply(byDefault.get(s.field)!));
}

/** One column changed; an unknown field changes nothing. */
export function updateColumn(columns: readonly ColumnState[], field: string, patch: Partial<Pick<ColumnState, 'fixed' | 'visible' | 'width' | 'exist'>>): ColumnState[] {
  return columns.map((c) => (c.field === field ? { ...c, ...patch, ...(patch.width !== undefined ? { width: clampWidth(patch.width) } : {}) } : c));
}

/**
 * Where `field` would go moving `by` places (−1 up, +1 down) among the columns `among` keeps
 * (a staff member's list leaves out the columns that do not exist); −1 when it cannot move.
 */
export function moveTarget(columns: readonly ColumnState[], field: string, by: number, among: (c: ColumnState) => boolean = () => true): number {
  const listed = columns.map((c, i) => ({ c, i })).filter(({ c }) => among(c));
  const at = listed.findIndex(({ c }) => c.field === field);
  if (at === -1 || by === 0) return -1;
  const to = listed[at + by];
  return to ? to.i : -1;
}

/** The column moved to the place of its neighbour in the list (see `moveTarget`); unchanged when it cannot move. */
export function moveColumn(columns: readonly ColumnState[], field: string, by: number, among?: (c: ColumnState) => boolean): ColumnState[] {
  const to = moveTarget(columns, field, by, among);
  const from = columns.findIndex((c) => c.field === field);
  if (to === -1 || from === -1) return [...columns];
  const next = [...columns];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** Back to the page's defaults; whether a column exists stays as it is (only its own tab changes that). */
export function resetColumns(defaults: readonly ColumnState[], current: readonly ColumnState[]): ColumnState[] {
  const exist = new Map(current.map((c) => [c.field, c.exist]));
  return defaults.map((c) => ({ ...c, exist: exist.get(c.field) ?? c.exist }));
}

/** What `saveColumns` sends: every column, in order, with its kind as `type`. */
export function toSettings(columns: readonly ColumnState[]): ColumnSetting[] {
  return columns.map((c) => ({ field: c.field, fixed: c.fixed, visible: c.visible, width: clampWidth(c.width), exist: c.exist, type: c.kind }));
}

/** Two lists of columns say the same thing (order included). */
export function sameColumns(a: readonly ColumnState[], b: readonly ColumnState[]): boolean {
  return a.length === b.length && a.every((c, i) => {
    const d = b[i]!;
    return c.field === d.field && c.fixed === d.fixed && c.visible === d.visible && c.width === d.width && c.exist === d.exist;
  });
}
