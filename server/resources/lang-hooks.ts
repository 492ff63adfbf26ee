import { sql } from 'kysely';
import { CODE } from '../../src/shared/codes';
import { LANGUAGES } from '../../src/shared/constants';
import { refuse } from '../http/answer';
import type { ResourceHooks } from './register';

/**
 * Languages (docs/resources.md, "Languages"): a language is listed only when the portal has its
 * messages (3600, naming those it has: a listed language without them would show raw keys), and
 * the last enabled one is not disabled (3601: the login page would offer no language).
 */
export const langHooks: ResourceHooks = {
  async beforeInsert(_tx, body) {
    const lang = String(body.langSymbol ?? '');
    if (!(LANGUAGES as readonly string[]).includes(lang)) throw refuse(CODE.langUnsupported, { lang, langs: LANGUAGES.join(', ') });
    return {};
  },
  async beforeStep(tx, row, step) {
    if (step !== 'RECORD.DISABLE') return;
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from lang_info where enabled and id <> ${row.id}`.execute(tx);
    if (Number(rows[0]?.n ?? 0) === 0) throw refuse(CODE.langLastEnabled, { lang: String(row.langSymbol) });
  },
};
