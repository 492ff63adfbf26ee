import type { FieldDef, ResourceDef } from '../../src/resources/define';

/**
 * The SQL a resource's table must have, derived from its definition. Migrations are written
 * once and never edited, so they hold the SQL as text (`npm run resources:ddl -- <code>` prints
 * it for a new resource); tests/server/resources-schema.test.ts then checks every migrated table
 * against this, so a definition and its table cannot drift apart.
 */

export const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Digits a decimal column holds in all (ours: enough for amounts up to 1e15 at 6 decimals). */
export const DECIMAL_PRECISION = 24;

export interface ExpectedColumn {
  name: string;
  /** information_schema.columns.data_type */
  dataType: string;
  nullable: boolean;
  maxLength?: number;
  scale?: number;
}

export function fieldType(f: FieldDef): string {
  switch (f.type) {
    case 'text':
    case 'dict':
      return `varchar(${f.max ?? 32})`;
    case 'int':
      return 'integer';
    case 'decimal':
      return `numeric(${DECIMAL_PRECISION}, ${f.scale ?? 2})`;
    case 'date':
      return 'date';
    case 'bool':
      return 'boolean';
  }
}

const INFO_TYPE: Record<FieldDef['type'], string> = { text: 'character varying', dict: 'character varying', int: 'integer', decimal: 'numeric', date: 'date', bool: 'boolean' };

/** The record columns every resource table has, as information_schema names them. */
export const RECORD_SQL_COLUMNS: ExpectedColumn[] = [
  { name: 'id', dataType: 'integer', nullable: false },
  { name: 'version', dataType: 'integer', nullable: false },
  { name: 'record_state', dataType: 'character varying', nullable: false, maxLength: 16 },
  { name: 'enabled', dataType: 'boolean', nullable: false },
  { name: 'created_at', dataType: 'timestamp with time zone', nullable: false },
  { name: 'updated_at', dataType: 'timestamp with time zone', nullable: false },
  { name: 'created_by', dataType: 'integer', nullable: true },
  { name: 'updated_by', dataType: 'integer', nullable: true },
];

export function expectedColumns(def: ResourceDef): ExpectedColumn[] {
  const fields = Object.entries(def.fields).map(([name, f]): ExpectedColumn => ({
    name: snake(name),
    dataType: INFO_TYPE[f.type],
    nullable: !f.required,
    ...(f.type === 'text' || f.type === 'dict' ? { maxLength: f.max ?? 32 } : {}),
    ...(f.type === 'decimal' ? { scale: f.scale ?? 2 } : {}),
  }));
  return [...RECORD_SQL_COLUMNS, ...fields];
}

const literal = (v: string | number | boolean) => (typeof v === 'string' ? `'${v.replace(/'/g, "''")}'` : String(v));

/** `create table` and its indexes for a new resource table. */
export function createTableSql(def: ResourceDef): string[] {
  const lines = [
    'id integer generated always as identity primary key',
    'version integer not null default 1',
    "record_state varchar(16) not null default 'approved'",
    'enabled boolean not null default true',
    'created_at timestamptz not null default now()',
    'updated_at timestamptz not null default now()',
    'created_by integer',
    'updated_by integer',
    ...Object.entries(def.fields).map(([name, f]) => {
      const parts = [snake(name), fieldType(f)];
      if (f.required) parts.push('not null');
      if (f.default !== undefined && f.type !== 'date') parts.push(`default ${literal(f.default)}`);
      if (f.unique) parts.push('unique');
      return parts.join(' ');
    }),
  ];
  const indexed = new Set([def.sort.field, ...def.query].filter((n) => n in def.fields && !def.fields[n]!.unique));
  return [
    `create table ${def.table} (\n  ${lines.join(',\n  ')}\n)`,
    ...[...indexed].map((n) => `create index ${def.table}_${snake(n)}_idx on ${def.table} (${snake(n)})`),
  ];
}
