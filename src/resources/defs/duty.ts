import { col, defineResource, operation, seq, state, text } from '../define';

/**
 * Duties (portal-shell §6: "duties carry menu/function lists and a review flow"), reviewed like
 * users. A duty grants its functions only while approved and enabled
 * (server/resources/duty-hooks.ts keeps `duty.status` in step); its function list is set with
 * the function-tree calls of src/shared/contract/user-admin.ts. A duty still held by a user
 * cannot be cancelled or deleted (portal-shell §5 "duty used").
 */
export default defineResource({
  code: 'duty',
  path: '/duty',
  table: 'duty',
  label: { 'zh-CN': '岗位', 'en-US': 'Duty' },
  fields: {
    dutyCode: text('岗位代码', 'Duty code', { max: 64, pattern: '^[A-Za-z0-9_-]+$', patternHint: 'resource.hint.code', required: true, unique: true, immutable: true }),
    dutyName: text('岗位名称', 'Duty name', { max: 100, required: true }),
    dutyNameEn: text('英文名称', 'English name', { max: 100 }),
    remark: text('说明', 'Remark', { max: 500 }),
  },
  query: ['dutyCode', 'dutyName'],
  columns: [seq(), col('dutyCode', 'code'), col('dutyName'), col('dutyNameEn'), col('remark'), state(), operation()],
  title: 'dutyName',
  sort: { field: 'dutyCode', order: 'asc' },
  lifecycle: 'review',
});
