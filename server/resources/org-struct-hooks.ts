import type { Kysely } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { CODE } from '../../src/shared/codes';
import type { RecordEventType } from '../../src/shared/record';
import { refuse } from '../http/answer';
import type { Db } from '../db/database';
import { subtree } from '../services/org-structure';
import type { ResourceHooks } from './register';

/**
 * The rules of organisation structures beyond the generic routes (portal-shell §5;
 * docs/org-structure.md), each refused with its 23xx code inside the write's transaction:
 * - org-struct: one main structure in force (2301, also the table's org_struct_main_uq); a
 *   structure a module relation names is neither disabled nor deleted (2303); a deleted
 *   structure takes its nodes with it.
 * - org-struct-node: a known structure (2307) and an organisation in force (2308), once per
 *   structure (2302, also org_struct_node_uq); the parent an enabled node of the same structure
 *   (2304); no move under itself or its own descendants (2305); no node removed or disabled
 *   while nodes hang beneath it (2306).
 * - org-info: an organisation that is a node of any structure is neither disabled nor deleted
 *   (2300, "organisation info used by a structure").
 */

const any = (tx: Db) => tx as unknown as Kysely<any>;
const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
const isRemoval = (step: RecordEventType) => step === 'RECORD.DISABLE' || step === 'RECORD.DELETE';

// ---- org-struct ------------------------------------------------------------------------------

async function refuseSecondMain(tx: Db, exceptId: number | null) {
  let query = any(tx).selectFrom('orgStruct').select('structCode').where('mainFlag', '=', true).where('enabled', '=', true);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  const main = (await query.executeTakeFirst()) as { structCode: string } | undefined;
  if (main) throw refuse(CODE.mainStructExists, { struct: main.structCode });
}

/** A module's name in the reader's language (BizModule dictionary), its code when unknown. */
async function moduleName(tx: Db, moduleCode: string, request: FastifyRequest): Promise<string> {
  const item = (await any(tx).selectFrom('dictionaryItem').select(['textZh', 'textEn']).where('dictType', '=', 'BizModule').where('value', '=', moduleCode).executeTakeFirst()) as { textZh: string; textEn: string } | undefined;
  return item ? (request.lang === 'en-US' ? item.textEn : item.textZh) : moduleCode;
}

export const orgStructHooks: ResourceHooks = {
  async beforeInsert(tx, body) {
    if (body.mainFlag === true) await refuseSecondMain(tx, null);
    return {};
  },
  async beforeStep(tx, row, step, request) {
    const body = request.body as Record<string, unknown>;
    const becomesMain = step === 'RECORD.UPDATE' ? body.mainFlag === true && !row.mainFlag && row.enabled : step === 'RECORD.ENABLE' && row.mainFlag === true;
    if (becomesMain) await refuseSecondMain(tx, row.id);
    if (!isRemoval(step)) return;
    // Any relation, enabled or not: a disabled relation enabled again must find its structure.
    const relation = (await any(tx).selectFrom('orgStructModuleRel').select('moduleCode').where('structCode', '=', text(row.structCode)).orderBy('moduleCode').executeTakeFirst()) as { moduleCode: string } | undefined;
    if (relation) throw refuse(CODE.structUsedByRelation, { struct: text(row.structCode), module: await moduleName(tx, relation.moduleCode, request) });
    if (step === 'RECORD.DELETE') await any(tx).deleteFrom('orgStructNode').where('structCode', '=', text(row.structCode)).execute();
  },
};

// ---- org-struct-node -------------------------------------------------------------------------

/** The parent must be an enabled node of the structure, and not the node itself or beneath it. */
async function checkParent(tx: Db, structCode: string, orgCode: string, parent: string) {
  if (!parent) return;
  if (parent === orgCode) throw refuse(CODE.structCycle, { org: orgCode, parent });
  const node = await any(tx).selectFrom('orgStructNode').select('id').where('structCode', '=', structCode).where('orgCode', '=', parent).where('enabled', '=', true).executeTakeFirst();
  if (!node) throw refuse(CODE.structParentMissing, { struct: structCode, parent });
  if ((await subtree(tx, structCode, orgCode, { inForce: false })).includes(parent)) throw refuse(CODE.structCycle, { org: orgCode, parent });
}

export const orgStructNodeHooks: ResourceHooks = {
  async beforeInsert(tx, body) {
    const structCode = text(body.structCode);
    const orgCode = text(body.orgCode);
    if (!(await any(tx).selectFrom('orgStruct').select('id').where('structCode', '=', structCode).executeTakeFirst())) throw refuse(CODE.structUnknown, { struct: structCode });
    const org = await any(tx).selectFrom('org').select('id').where('orgCode', '=', orgCode).where('enabled', '=', true).where('recordState', '=', 'approved').executeTakeFirst();
    if (!org) throw refuse(CODE.structOrgUnknown, { org: orgCode });
    if (await any(tx).selectFrom('orgStructNode').select('id').where('structCode', '=', structCode).where('orgCode', '=', orgCode).executeTakeFirst()) throw refuse(CODE.structContainsOrg, { struct: structCode, org: orgCode });
    await checkParent(tx, structCode, orgCode, text(body.parentOrgCode));
    return {};
  },
  async beforeStep(tx, row, step, request) {
    const structCode = text(row.structCode);
    const orgCode = text(row.orgCode);
    if (step === 'RECORD.UPDATE') {
      const body = request.body as Record<string, unknown>;
      const parent = text('parentOrgCode' in body ? body.parentOrgCode : row.parentOrgCode);
      if (parent !== text(row.parentOrgCode)) await checkParent(tx, structCode, orgCode, parent);
    } else if (step === 'RECORD.ENABLE') {
      // An enabled node under a disabled one would be a branch the grants cannot reach.
      const parent = text(row.parentOrgCode);
      if (parent) await checkParent(tx, structCode, orgCode, parent);
    } else if (isRemoval(step)) {
      let children = any(tx).selectFrom('orgStructNode').select('id').where('structCode', '=', structCode).where('parentOrgCode', '=', orgCode);
      if (step === 'RECORD.DISABLE') children = children.where('enabled', '=', true);
      if (await children.executeTakeFirst()) throw refuse(CODE.structNodeHasChildren, { org: orgCode });
    }
  },
};

// ---- org-info --------------------------------------------------------------------------------

export const orgInfoStructHooks: ResourceHooks = {
  async beforeStep(tx, row, step) {
    if (!isRemoval(step)) return;
    const node = (await any(tx).selectFrom('orgStructNode').select('structCode').where('orgCode', '=', text(row.orgCode)).orderBy('structCode').executeTakeFirst()) as { structCode: string } | undefined;
    if (node) throw refuse(CODE.orgUsedByStruct, { org: text(row.orgCode), struct: node.structCode });
  },
};
