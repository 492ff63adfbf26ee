import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/answer';
import type { DictionaryItemTable } from '../../db/schema';

const codeList = { type: 'array', items: { type: 'string', minLength: 1, maxLength: 64 }, maxItems: 200 } as const;

type Group = DictionaryItemTable['groupName'];
export type DictionaryAnswer = Record<Group, Record<string, Array<{ value: string; text: string }>>>;

/** Dictionaries and constants, grouped as the spec's callers expect (shell §7). */
async function queryDictionaries(app: FastifyInstance, codes: string[], lang: string, groups: Group[]): Promise<DictionaryAnswer> {
  const out: DictionaryAnswer = { dictionary: {}, constant: {}, custom: {} };
  if (codes.length === 0) return out;
  const rows = await app.db
    .selectFrom('dictionaryItem')
    .select(['groupName', 'dictType', 'value', 'textZh', 'textEn'])
    .where('dictType', 'in', codes)
    .where('groupName', 'in', groups)
    .orderBy('dictType')
    .orderBy('sort')
    .execute();
  for (const r of rows) (out[r.groupName][r.dictType] ??= []).push({ value: r.value, text: lang === 'en-US' ? r.textEn : r.textZh });
  return out;
}

export default async function commonRoutes(app: FastifyInstance) {
  app.post<{ Body: string[] }>('/common/query/dictionary', { schema: { body: codeList } }, async (request) =>
    ok(await queryDictionaries(app, request.body, request.lang, ['dictionary', 'constant', 'custom'])),
  );
  app.post<{ Body: string[] }>('/common/query/constant/class/value', { schema: { body: codeList } }, async (request) =>
    ok(await queryDictionaries(app, request.body, request.lang, ['constant', 'dictionary', 'custom'])),
  );
}
