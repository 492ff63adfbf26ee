import { col, defineResource, operation, seq, state, text } from '../define';

/** System parameters an administrator keeps (business settings, by code). */
export default defineResource({
  code: 'sys-param-setting',
  path: '/sys-param-setting',
  table: 'sys_param_setting',
  label: { 'zh-CN': '系统参数', 'en-US': 'System parameter' },
  fields: {
    paramCode: text('参数代码', 'Parameter code', { max: 100, pattern: '^[A-Za-z][A-Za-z0-9_.-]*$', patternHint: 'resource.hint.identifier', required: true, unique: true, immutable: true }),
    paramName: text('参数名称', 'Parameter name', { max: 100, required: true }),
    paramValue: text('参数值', 'Value', { max: 2000, required: true }),
    remark: text('说明', 'Remark', { max: 500 }),
  },
  query: ['paramCode', 'paramName'],
  columns: [seq(), col('paramCode', 'code'), col('paramName'), col('paramValue'), col('remark'), state(), operation()],
  title: 'paramName',
  sort: { field: 'paramCode', order: 'asc' },
  lifecycle: 'enable-disable',
});
