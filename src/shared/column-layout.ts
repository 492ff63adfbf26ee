import { COLUMN_WIDTH, type ColumnType } from './constants';

/**
 * Table columns' kinds and their layout (portal-shell §9), shared by the resource definitions,
 * the column-settings machine and the data table. Pure data.
 */

/** The kinds of column portal-shell §9 names, plus `text` (the default, 140 px). */
export type ColumnKind = ColumnType | 'text';

export type ColumnAlign = 'left' | 'right' | 'center';

/**
 * Width and alignment of a column kind, and whether it is fixed by default (portal-shell §9):
 * default 140 left-aligned; seq 50 and checkbox/radio 35, centred; link 180; amount 180
 * right-aligned; state 180 centred; operation 180 fixed right; multiple 210.
 */
export function columnLayout(kind: ColumnKind): { width: number; align: ColumnAlign; fixed: 'none' | 'right' } {
  const width = kind === 'text' ? COLUMN_WIDTH.default : COLUMN_WIDTH[kind];
  const align = kind === 'amount' ? 'right' : kind === 'state' || kind === 'seq' || kind === 'checkbox' || kind === 'radio' ? 'center' : 'left';
  return { width, align, fixed: kind === 'operation' ? 'right' : 'none' };
}
