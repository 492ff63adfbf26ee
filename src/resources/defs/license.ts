import { col, date, defineResource, int, operation, seq, state, text } from '../define';
import { LICENCE_MAX_USERS } from '../../shared/constants';

/**
 * Product licences (portal-shell §7 "Licence creation", /system/license/make-product-license;
 * DECISIONS "Licences": a signed licence file, not the certificate vendor's licence; the spec
 * shows no fields, so designed in docs/licences.md). Adding one is making it: the server signs
 * what it stored with the deployment's licence key (Ed25519) and keeps the file beside the record
 * (server/resources/license-hooks.ts). A licence once made is what was signed: it is never
 * updated or deleted, only disabled (withdrawn from the register).
 */
export default defineResource({
  code: 'license',
  path: '/license',
  table: 'product_license',
  label: { 'zh-CN': '产品许可证', 'en-US': 'Product licence' },
  fields: {
    licenseNo: text('许可证编号', 'Licence number', { max: 64, required: true, unique: true, immutable: true, ruleCode: 'LIC' }),
    licensee: text('被许可方', 'Licensee', { max: 100, required: true }),
    maxUsers: int('用户数上限', 'Users at most', { min: 1, max: LICENCE_MAX_USERS, required: true, default: 50 }),
    validFrom: date('生效日期', 'Valid from', { required: true }),
    validTo: date('到期日期', 'Valid until', { required: true }),
    machineCode: text('机器码', 'Machine code', { max: 64, pattern: '^[A-Za-z0-9_-]+$', patternHint: 'resource.hint.code' }),
    remark: text('说明', 'Remark', { max: 200 }),
  },
  query: ['licenseNo', 'licensee', 'validTo'],
  columns: [seq(), col('licenseNo', 'code'), col('licensee'), col('maxUsers'), col('validFrom'), col('validTo'), col('machineCode', 'code'), state(), operation()],
  title: 'licenseNo',
  sort: { field: 'licenseNo', order: 'desc' },
  lifecycle: 'enable-disable',
  appendOnly: true,
  adminOnly: true,
  form: { container: 'dialog', layout: 'vertical' },
});
