import { col, defineResource, dict, operation, seq, state, text } from '../define';

/**
 * Reminder parameters (portal-shell §1; docs/reminders.md): the `{param}` placeholders a
 * template of a kind may use, each with its meaning in both languages, so whoever writes a
 * template knows what each fills in. The values come from the generation
 * (src/shared/reminders.ts, REMIND_KIND_PARAMS); a placeholder no parameter of the kind fills is
 * left as written in the reminder, so a typo shows rather than vanishing.
 */
export default defineResource({
  code: 'remind-param',
  path: '/remind-param',
  table: 'remind_param',
  label: { 'zh-CN': '提醒参数', 'en-US': 'Reminder parameter' },
  fields: {
    remindKind: dict('提醒类型', 'Reminder kind', { dict: 'RemindKind', required: true }),
    paramCode: text('占位符', 'Placeholder', { max: 32, pattern: '^[a-z][A-Za-z0-9]*$', patternHint: 'resource.hint.identifier', required: true }),
    paramName: text('参数名称', 'Parameter name', { max: 100, required: true }),
    paramNameEn: text('参数英文名称', 'Parameter name (English)', { max: 100, required: true }),
    remark: text('说明', 'Remark', { max: 500 }),
  },
  query: ['remindKind', 'paramCode', 'paramName'],
  columns: [seq(), col('remindKind'), col('paramCode', 'code'), col('paramName'), col('paramNameEn'), state(), operation()],
  title: 'paramName',
  sort: { field: 'paramCode', order: 'asc' },
  lifecycle: 'enable-disable',
  form: { container: 'dialog', autosave: { add: false } },
});
