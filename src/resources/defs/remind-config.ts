import { col, decimal, defineResource, dict, int, operation, seq, state, text } from '../define';

/**
 * Reminder configurations (portal-shell §1; docs/reminders.md): what to watch (the kind and
 * its settings: a balance threshold and currency, days ahead), whom to remind (the holders of
 * duties, or named users) and with which template. Started and stopped (DECISIONS:
 * "start/stop" on remind-config); only started ones generate. The code is unique ("remind
 * config code repeat", shell §5: the form checks it on blur).
 */
export default defineResource({
  code: 'remind-config',
  path: '/remind-config',
  table: 'remind_config',
  label: { 'zh-CN': '提醒配置', 'en-US': 'Reminder configuration' },
  fields: {
    configCode: text('配置代码', 'Configuration code', { max: 32, pattern: '^[A-Z][A-Z0-9_]*$', patternHint: 'resource.hint.code', required: true, unique: true, immutable: true }),
    configName: text('配置名称', 'Configuration name', { max: 100, required: true }),
    remindKind: dict('提醒类型', 'Reminder kind', { dict: 'RemindKind', required: true }),
    templateCode: text('提醒模板', 'Template', { max: 32, pattern: '^[A-Z][A-Z0-9_]*$', patternHint: 'resource.hint.code', required: true }),
    targetType: dict('提醒对象类型', 'Remind whom', { dict: 'RemindTargetType', required: true, default: 'duty' }),
    targets: text('提醒对象', 'Duties or users', { max: 500, pattern: '^[A-Za-z0-9_-]+( *, *[A-Za-z0-9_-]+)*$', patternHint: 'resource.hint.dutyCodes', required: true }),
    threshold: decimal('余额阈值', 'Balance threshold', { min: 0, max: 1e15, scale: 2 }),
    currencyCode: text('币种', 'Currency', { max: 3, pattern: '^[A-Z]{3}$', patternHint: 'resource.hint.isoAlpha3' }),
    days: int('提前天数', 'Days ahead', { min: 1, max: 365 }),
    remark: text('说明', 'Remark', { max: 500 }),
  },
  query: ['configCode', 'configName', 'remindKind'],
  columns: [seq(), col('configCode', 'code'), col('configName'), col('remindKind'), col('templateCode', 'code'), col('targetType'), col('targets'), state(), operation()],
  title: 'configName',
  sort: { field: 'configCode', order: 'asc' },
  lifecycle: 'start-stop',
});
