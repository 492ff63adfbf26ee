import type { ResourceHooks } from './register';
import { userHooks } from './user-hooks';
import { dutyHooks } from './duty-hooks';
import { dictionaryValueHooks } from './dictionary-value-hooks';

/**
 * What a resource family does beyond the generic routes, by resource code. Most have nothing
 * here; users and duties keep their login status and grants in step with the record.
 */
export const RESOURCE_HOOKS: Record<string, ResourceHooks> = {
  'user-info': userHooks,
  duty: dutyHooks,
  'dictionary-value': dictionaryValueHooks,
};
