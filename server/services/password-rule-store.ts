import type { Db } from '../db/database';
import { DEFAULT_PASSWORD_RULE, type PasswordRule } from '../../src/shared/password-rule';

/** The password rule lives in one system parameter, as JSON; missing fields take the defaults. */
export const PASSWORD_RULE_PARAM = 'password.rule';

export async function loadPasswordRule(db: Db): Promise<PasswordRule> {
  const row = await db.selectFrom('sysParam').select('paramValue').where('paramKey', '=', PASSWORD_RULE_PARAM).executeTakeFirst();
  if (!row) return { ...DEFAULT_PASSWORD_RULE };
  try {
    const stored = JSON.parse(row.paramValue) as Partial<PasswordRule>;
    const rule = { ...DEFAULT_PASSWORD_RULE };
    for (const key of Object.keys(rule) as Array<keyof PasswordRule>) {
      if (typeof stored[key] === typeof rule[key]) (rule as Record<string, unknown>)[key] = stored[key];
    }
    return rule;
  } catch {
    return { ...DEFAULT_PASSWORD_RULE };
  }
}

export async function savePasswordRule(db: Db, rule: PasswordRule): Promise<void> {
  const paramValue = JSON.stringify(rule);
  await db
    .insertInto('sysParam')
    .values({ paramKey: PASSWORD_RULE_PARAM, paramValue })
    .onConflict((oc) => oc.column('paramKey').doUpdateSet({ paramValue }))
    .execute();
}
