import { col, defineResource, operation, seq, state, text } from '../define';

/**
 * Position relations (portal-shell §1 "duties (positions) and their permissions, position
 * relations"; the spec shows no fields, so designed in docs/resources.md): pairs of duties one
 * user may not hold together (不相容岗位, separation of duties: who enters a payment does not
 * approve it). An enabled relation is enforced where duties are handed out (a user's duty
 * stations, 3303) and refused while a user already holds both (3302):
 * server/resources/position-relation-hooks.ts.
 */
export default defineResource({
  code: 'position-relation',
  path: '/position-relation',
  table: 'position_relation',
  label: { 'zh-CN': '岗位关系', 'en-US': 'Position relation' },
  fields: {
    dutyCode: text('岗位', 'Duty', { max: 64, required: true, scroll: 'duty' }),
    relatedDutyCode: text('不相容岗位', 'Incompatible duty', { max: 64, required: true, scroll: 'duty' }),
    remark: text('说明', 'Remark', { max: 200 }),
  },
  query: ['dutyCode', 'relatedDutyCode'],
  columns: [seq(), col('dutyCode', 'code'), col('relatedDutyCode', 'code'), col('remark'), state(), operation()],
  title: 'dutyCode',
  sort: { field: 'dutyCode', order: 'asc' },
  lifecycle: 'enable-disable',
  form: { container: 'dialog' },
});
