import { col, date, defineResource, dict, operation, seq, state, text } from '../define';

/**
 * The workday calendar (portal-shell §1 "workday settings"; its fields are not shown, so designed
 * here): the days that differ from the plain week, one row a day. A day not listed is a workday
 * from Monday to Friday and a rest day at the weekend; a row says otherwise, a public holiday on a
 * weekday (HOLIDAY) or a weekend day worked in its stead (WORKDAY, 调休上班), with the holiday's
 * name. One row a date: the date is the record's key.
 */
export default defineResource({
  code: 'workday-set',
  path: '/workday-set',
  table: 'workday_set',
  label: { 'zh-CN': '工作日设置', 'en-US': 'Workday setting' },
  fields: {
    calendarDate: date('日期', 'Date', { required: true, unique: true, immutable: true }),
    dayType: dict('日期类型', 'Day type', { dict: 'DayType', required: true }),
    dayName: text('名称', 'Name', { max: 50 }),
    remark: text('备注', 'Remark', { max: 200 }),
  },
  query: ['calendarDate', 'dayType', 'dayName'],
  columns: [seq(), col('calendarDate'), col('dayType'), col('dayName'), col('remark'), state(), operation()],
  // The date names a row in questions (its name is optional).
  title: 'calendarDate',
  sort: { field: 'calendarDate', order: 'asc' },
  lifecycle: 'enable-disable',
});
