import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import type { ResourceDef } from '../../src/resources/define';
import { choiceOf, choiceProblems } from '../../src/resources/field-choice';
import { paramsOf } from '../../src/resources/scroll-fields';
import { CODE } from '../../src/shared/codes';
import { refuse } from '../http/answer';
import { scrollPage } from './scroll-sources';
import { isDictionaryValue } from './dictionaries';

/**
 * Fields whose chooser follows another field (`choiceBy`, src/resources/field-choice.ts): a
 * value must be a real one of the chooser its followed field picks now (a grant of an account
 * names an account that exists and is in force: 2203), and a field the followed value does not
 * apply to stays empty (2204). Checked on every add and update, beside the scroll dropdowns'.
 */
export async function checkChoiceFields(db: Db, resource: ResourceDef, body: Record<string, unknown>, request: FastifyRequest, stored: Record<string, unknown> = {}): Promise<void> {
  const label = (field: string) => resource.fields[field]?.label[request.lang] ?? field;
  // An edit may send a value without the field it follows (immutable, or unchanged): the stored one holds.
  const values = { ...stored, ...body };
  const kindOf = async (field: string) => {
    const followed = resource.fields[field]!;
    const value = String(values[field] ?? '');
    if (!followed.dict) return value;
    const item = await db.selectFrom('dictionaryItem').select(['textZh', 'textEn']).where('dictType', '=', followed.dict).where('value', '=', value).executeTakeFirst();
    return item ? (request.lang === 'en-US' ? item.textEn : item.textZh) : value;
  };
  const problem = choiceProblems(resource, values).find((p) => p.field in body);
  if (problem) throw refuse(CODE.choiceNotApplicable, { field: label(problem.field), kind: await kindOf(problem.on) });
  for (const [name, def] of Object.entries(resource.fields)) {
    const value = body[name];
    if (!def.choiceBy || typeof value !== 'string' || value === '') continue;
    // A family's value is the resource's hook's to check: it names what the value could have been.
    if ('family' in def.choiceBy) continue;
    const choice = choiceOf(def, values);
    if (choice.state !== 'chosen') continue;
    const f = choice.field;
    const found = f.scroll
      ? (await scrollPage(db, f.scroll, { start: 1, limit: 1, value, ...paramsOf(f, values) }, request.lang, request.user)).total > 0
      : await isDictionaryValue(db, f.dict!, value);
    if (!found) throw refuse(CODE.choiceValueUnknown, { value, kind: await kindOf(def.choiceBy.field) });
  }
}
