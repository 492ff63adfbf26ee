import { bool, col, defineResource, dict, int, operation, seq, state, text } from '../define';
import { WORKBENCH_AREA_DICT } from '../../shared/constants';

/**
 * System area settings (the menu's 系统区域设置; the spec names the family and shows no fields,
 * so designed in docs/workbench.md, "Areas"): the areas the home page offers, chosen from those
 * the build has (the WorkbenchArea dictionary), once each, in this order, shown or not to a user
 * who has not placed them. Disabled or removed, an area leaves every home page; each user orders
 * and hides the offered ones (src/shared/contract/portal-area.ts).
 */
export default defineResource({
  code: 'sys-area-set',
  path: '/sys-area-set',
  table: 'portal_area',
  label: { 'zh-CN': '系统区域设置', 'en-US': 'System area settings' },
  fields: {
    areaCode: dict('区域', 'Area', { dict: WORKBENCH_AREA_DICT, required: true, unique: true, immutable: true }),
    sortOrder: int('顺序', 'Order', { min: 0, max: 999, required: true, default: 0 }),
    shownByDefault: bool('默认显示', 'Shown by default', { required: true, default: true }),
    remark: text('说明', 'Remark', { max: 200 }),
  },
  query: ['areaCode'],
  columns: [seq(), col('areaCode'), col('sortOrder'), col('shownByDefault'), col('remark'), state(), operation()],
  title: 'areaCode',
  sort: { field: 'sortOrder', order: 'asc' },
  lifecycle: 'enable-disable',
  adminOnly: true,
  form: { container: 'dialog', layout: 'vertical' },
});
