import { col, defineResource, int, operation, seq, state, text } from '../define';

/**
 * Languages (the menu's 语言; the spec's `lang` family; the spec shows no fields, so designed in
 * docs/resources.md): the languages the portal offers on the login page and in the shell's
 * switch, each under the name it shows there, in this order. Only languages the portal has
 * messages for may be listed (3600), and one at least stays enabled (3601):
 * server/resources/lang-hooks.ts.
 */
export default defineResource({
  code: 'lang',
  path: '/lang',
  table: 'lang_info',
  label: { 'zh-CN': '语言', 'en-US': 'Language' },
  fields: {
    langSymbol: text('语言代码', 'Language tag', { max: 16, pattern: '^[a-z]{2,3}-[A-Z]{2}$', patternHint: 'resource.hint.langSymbol', required: true, unique: true, immutable: true }),
    langName: text('显示名称', 'Name shown', { max: 50, required: true }),
    sortOrder: int('顺序', 'Order', { min: 0, max: 999, required: true, default: 0 }),
  },
  query: ['langSymbol', 'langName'],
  columns: [seq(), col('langSymbol', 'code'), col('langName'), col('sortOrder'), state(), operation()],
  title: 'langName',
  sort: { field: 'sortOrder', order: 'asc' },
  lifecycle: 'enable-disable',
  adminOnly: true,
  form: { container: 'dialog', layout: 'vertical' },
});
