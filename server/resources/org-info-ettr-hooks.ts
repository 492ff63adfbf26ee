import { sql } from 'kysely';
import { CODE } from '../../src/shared/codes';
import { refuse } from '../http/answer';
import type { ResourceHooks } from './register';

/**
 * Organisation extension fields (docs/resources.md, "Organisation extension fields"): a field
 * code once per organisation (3500, naming both). Both are set on add only, so the add is the
 * one write that can repeat a pair; the table's unique index holds it against two adds at once.
 */
export const orgInfoEttrHooks: ResourceHooks = {
  async beforeInsert(tx, body) {
    const org = String(body.orgCode ?? '');
    const code = String(body.attrCode ?? '');
    const { rows } = await sql<{ id: number }>`select id from org_info_ettr where org_code = ${org} and attr_code = ${code} limit 1`.execute(tx);
    if (rows[0]) throw refuse(CODE.orgFieldTaken, { org, code });
    return {};
  },
};
