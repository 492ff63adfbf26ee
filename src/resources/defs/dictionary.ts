import { col, defineResource, dict, operation, seq, state, text } from '../define';

/** Dictionary types; their values are the dictionary-value family. */
export default defineResource({
  code: 'dictionary',
  path: '/dictionary',
  table: 'dictionary_type',
  label: { 'zh-CN': '数据字典', 'en-US': 'Dictionary' },
  fields: {
    dictType: text('字典代码', 'Dictionary code', { max: 64, pattern: '^[A-Za-z][A-Za-z0-9_]*$', patternHint: 'resource.hint.identifier', required: true, unique: true, immutable: true }),
    dictName: text('字典名称', 'Dictionary name', { max: 100, required: true }),
    dictNameEn: text('英文名称', 'English name', { max: 100 }),
    groupName: dict('分组', 'Group', { dict: 'DictGroup', required: true, default: 'dictionary' }),
  },
  query: ['dictType', 'dictName', 'groupName'],
  columns: [seq(), col('dictType', 'code'), col('dictName'), col('dictNameEn'), col('groupName'), state(), operation()],
  title: 'dictName',
  sort: { field: 'dictType', order: 'asc' },
  lifecycle: 'enable-disable',
});
