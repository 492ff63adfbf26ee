import type { ReminderSeed } from '../../services/reminders';

/** A few reminders for each demo user, so the reminder list has something to show. */
export const DEMO_REMINDERS: ReminderSeed[] = [
  {
    title: { 'zh-CN': '欢迎使用资金管理平台', 'en-US': 'Welcome to the Treasury Portal' },
    content: { 'zh-CN': '可在右上角切换语言与主题，常用菜单可加星收藏。', 'en-US': 'Switch language and theme at the top right; star the menus you use often.' },
  },
  {
    title: { 'zh-CN': '请定期修改密码', 'en-US': 'Please change your password regularly' },
    content: { 'zh-CN': '为保障账户安全，建议每 90 天修改一次密码。', 'en-US': 'For your account’s safety, change your password every 90 days.' },
  },
  {
    title: { 'zh-CN': '汇率已更新', 'en-US': 'Exchange rates updated' },
    content: { 'zh-CN': '今日中间价已发布，请在汇率页面查看。', 'en-US': 'Today’s central parity rates are out; see the exchange rate page.' },
  },
];
