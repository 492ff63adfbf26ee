import type { ResourceDef } from './define';
import currency from './defs/currency';
import country from './defs/country';
import province from './defs/province';
import city from './defs/city';
import bank from './defs/bank';
import lineNumbers from './defs/line-numbers';
import exchangeRate from './defs/exchange-rate';
import dictionary from './defs/dictionary';
import dictionaryValue from './defs/dictionary-value';
import sysParamSetting from './defs/sys-param-setting';
import orgInfo from './defs/org-info';
import department from './defs/department';
import orgStruct from './defs/org-struct';
import orgStructNode from './defs/org-struct-node';
import orgStructModuleRel from './defs/org-struct-module-rel';
import counterParty from './defs/counter-party';
import rateAdd from './defs/rate-add';
import rateChange from './defs/rate-change';
import benchmarkRate from './defs/benchmark-rate';
import userInfo from './defs/user-info';
import duty from './defs/duty';
import sysPageIframe from './defs/sys-page-iframe';
import approvalField from './defs/approval-field';
import account from './defs/account';
import financialOffice from './defs/financial-office';
import budget from './defs/budget';
import coopNetwork from './defs/coop-network';
import contactOrgAcc from './defs/contact-org-acc';
import dataAuth from './defs/data-auth';
import attachTypeSet from './defs/attach-type-set';
import attachType from './defs/attach-type';
import certSet from './defs/cert-set';
import operateLog from './defs/operate-log';
import funcButton from './defs/func-button';
import ratePlan from './defs/rate-plan';
import financeOrgEnter from './defs/finance-org-enter';
import financeOrgModify from './defs/finance-org-modify';
import financeOrgBack from './defs/finance-org-back';
import processConfig from './defs/process-config';
import remindConfig from './defs/remind-config';
import remindParam from './defs/remind-param';
import remindTemplate from './defs/remind-template';
import workdaySet from './defs/workday-set';
import positionRelation from './defs/position-relation';
import license from './defs/license';
import orgInfoEttr from './defs/org-info-ettr';
import lang from './defs/lang';
import sensitiveSet from './defs/sensitive-set';
import sysAreaSet from './defs/sys-area-set';
import sysFieldMapSetting from './defs/sys-field-map-setting';

/**
 * Every business resource, in menu order. Adding a resource is one file in ./defs and one
 * line here (docs/resources.md); the server registers its routes from this list and the
 * browser its pages.
 */
export const RESOURCES: readonly ResourceDef[] = [
  orgInfo,
  orgInfoEttr,
  orgStruct,
  orgStructNode,
  orgStructModuleRel,
  department,
  counterParty,
  contactOrgAcc,
  financeOrgEnter,
  financeOrgModify,
  financeOrgBack,
  account,
  budget,
  ratePlan,
  benchmarkRate,
  rateAdd,
  rateChange,
  exchangeRate,
  currency,
  bank,
  lineNumbers,
  financialOffice,
  coopNetwork,
  country,
  province,
  city,
  dictionary,
  dictionaryValue,
  lang,
  sysParamSetting,
  workdaySet,
  sysPageIframe,
  attachTypeSet,
  attachType,
  processConfig,
  remindConfig,
  remindParam,
  remindTemplate,
  sensitiveSet,
  sysAreaSet,
  sysFieldMapSetting,
  certSet,
  license,
  operateLog,
  funcButton,
  approvalField,
  userInfo,
  duty,
  positionRelation,
  dataAuth,
];

export function resourceAt(path: string): ResourceDef | undefined {
  return RESOURCES.find((r) => r.path === path);
}

/** The reviewed resource a business type of the approval flows names (its code), or null. */
export function reviewedResource(businessType: string): ResourceDef | null {
  return RESOURCES.find((r) => r.code === businessType && r.lifecycle === 'review') ?? null;
}
