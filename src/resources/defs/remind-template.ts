import { col, defineResource, dict, operation, seq, state, text } from '../define';

/**
 * Reminder templates (portal-shell §1; docs/reminders.md): the title and content a reminder
 * configuration sends, in both languages, with `{param}` placeholders the generation fills
 * (the parameters of the template's kind, listed by remind-param). A configuration names its
 * template by code; a disabled template sends nothing.
 */
export default defineResource({
  code: 'remind-template',
  path: '/remind-template',
  table: 'remind_template',
  label: { 'zh-CN': '提醒模板', 'en-US': 'Reminder template' },
  fields: {
    templateCode: text('模板代码', 'Template code', { max: 32, pattern: '^[A-Z][A-Z0-9_]*$', patternHint: 'resource.hint.code', required: true, unique: true, immutable: true }),
    templateName: text('模板名称', 'Template name', { max: 100, required: true }),
    remindKind: dict('提醒类型', 'Reminder kind', { dict: 'RemindKind', required: true }),
    titleZh: text('标题（中文）', 'Title (Chinese)', { max: 200, required: true }),
    titleEn: text('标题（英文）', 'Title (English)', { max: 200, required: true }),
    contentZh: text('内容（中文）', 'Content (Chinese)', { max: 1000, required: true }),
    contentEn: text('内容（英文）', 'Content (English)', { max: 1000, required: true }),
  },
  query: ['templateCode', 'templateName', 'remindKind'],
  columns: [seq(), col('templateCode', 'code'), col('templateName'), col('remindKind'), col('titleZh'), col('titleEn'), state(), operation()],
  title: 'templateName',
  sort: { field: 'templateCode', order: 'asc' },
  lifecycle: 'enable-disable',
});
