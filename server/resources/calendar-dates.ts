import type { FastifyRequest } from 'fastify';
import type { ResourceDef } from '../../src/resources/define';
import { isCalendarDate } from '../../src/shared/date-format';
import { badRequest } from '../http/answer';
import { resourceFieldNames } from '../http/invalid-request';

/**
 * A date the pattern lets through but the calendar has no such day of (2026-02-30): 400 before
 * any SQL, for a record's date fields and a query's ranges alike (the resource's own calls and an
 * export's query), each named as its form labels it ("日期（开始）「2026-02-30」不是有效的日期").
 */
export function checkCalendarDates(request: FastifyRequest, def: ResourceDef, body: Record<string, unknown>, fields: readonly string[] = Object.keys(def.fields)): void {
  const named = resourceFieldNames((field) => def.fields[field]?.label[request.lang], request.t);
  for (const name of fields) {
    if (def.fields[name]?.type !== 'date') continue;
    for (const key of [name, `${name}From`, `${name}To`]) {
      const value = body[key];
      if (typeof value === 'string' && value !== '' && !isCalendarDate(value)) throw badRequest(request.t('record.badDate', { field: named(key) ?? key, value }));
    }
  }
}
