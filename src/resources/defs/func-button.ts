import { bool, col, defineResource, dict, operation, seq, state, text } from '../define';

/**
 * The hide-button map (widgets §6 "Buttons can be hidden by a directive that reads a stored
 * hide-button map. It hides buttons whose functionDisplay is false. Parameters can be hidden by
 * a directive given a list."; §7 "Hidden button list for the user menu"). One row names one
 * button or one query parameter of one function (its page address, the menu's funcUrl) and
 * whether it is shown. Administered by administrators (function 70215); in force while enabled.
 * The map each user gets (server/services/function-display.ts) holds only their granted
 * functions; the resource page hides what it says (docs/resources.md, "Hiding buttons and
 * parameters"). Hiding is display only: the function's grant still decides every call.
 */
export default defineResource({
  code: 'func-button',
  path: '/func-button',
  table: 'func_button',
  label: { 'zh-CN': '按钮与参数隐藏', 'en-US': 'Button and parameter hiding' },
  fields: {
    funcUrl: text('功能地址', 'Function address', { max: 300, pattern: '^/[A-Za-z0-9/_.-]*$', patternHint: 'resource.hint.funcUrl', required: true }),
    elementKind: dict('类别', 'Kind', { dict: 'FuncElementKind', required: true, default: 'button' }),
    elementCode: text('按钮或参数代码', 'Button or parameter code', { max: 64, pattern: '^[A-Za-z][A-Za-z0-9_-]*$', patternHint: 'resource.hint.code', required: true }),
    functionDisplay: bool('显示', 'Shown', { required: true, default: false }),
    remark: text('说明', 'Remark', { max: 200 }),
  },
  query: ['funcUrl', 'elementKind', 'elementCode'],
  columns: [seq(), col('funcUrl'), col('elementKind'), col('elementCode', 'code'), col('functionDisplay'), col('remark'), state(), operation()],
  title: 'elementCode',
  sort: { field: 'funcUrl', order: 'asc' },
  lifecycle: 'enable-disable',
  form: { container: 'dialog', autosave: { add: false } },
});
