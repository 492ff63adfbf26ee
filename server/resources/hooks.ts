import type { ResourceHooks } from './register';
import { userHooks } from './user-hooks';
import { dutyHooks } from './duty-hooks';
import { dictionaryValueHooks } from './dictionary-value-hooks';
import { approvalFieldHooks } from './approval-field-hooks';
import { sysPageIframeHooks } from './sys-page-iframe-hooks';
import { dataAuthHooks } from './data-auth-hooks';
import { processConfigHooks } from './process-config-hooks';
import { remindConfigHooks, remindParamHooks, remindTemplateHooks } from './remind-hooks';
import { rateAddHooks, rateChangeHooks } from './rate-hooks';
import { positionRelationHooks } from './position-relation-hooks';
import { licenseHooks } from './license-hooks';
import { orgInfoEttrHooks } from './org-info-ettr-hooks';
import { langHooks } from './lang-hooks';
import { sensitiveSetHooks } from './sensitive-set-hooks';
import { fieldMapHooks } from './field-map-hooks';
import { orgInfoStructHooks, orgStructHooks, orgStructNodeHooks } from './org-struct-hooks';

/**
 * What a resource family does beyond the generic routes, by resource code. Most have nothing
 * here; users and duties keep their login status and grants in step with the record.
 */
export const RESOURCE_HOOKS: Record<string, ResourceHooks> = {
  'user-info': userHooks,
  duty: dutyHooks,
  'dictionary-value': dictionaryValueHooks,
  'approval-field': approvalFieldHooks,
  'sys-page-iframe': sysPageIframeHooks,
  'data-auth': dataAuthHooks,
  'org-info': orgInfoStructHooks,
  'org-struct': orgStructHooks,
  'org-struct-node': orgStructNodeHooks,
  'process-config': processConfigHooks,
  'remind-config': remindConfigHooks,
  'remind-param': remindParamHooks,
  'remind-template': remindTemplateHooks,
  'rate-add': rateAddHooks,
  'rate-change': rateChangeHooks,
  'position-relation': positionRelationHooks,
  license: licenseHooks,
  'org-info-ettr': orgInfoEttrHooks,
  lang: langHooks,
  'sensitive-set': sensitiveSetHooks,
  'sys-field-map-setting': fieldMapHooks,
};
