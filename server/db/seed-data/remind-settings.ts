import { REMIND_COMMON_PARAMS, REMIND_KIND_PARAMS, type RemindKind } from '../../../src/shared/reminders';

/**
 * The reminder settings a fresh install starts with (docs/reminders.md): a template per kind,
 * the parameters each kind fills, and three started configurations for the administrators
 * (ADMIN sees every account, so the balance one has something to say on day one) and, for
 * to-do tasks, the clerks too.
 */
export const REMIND_TEMPLATES = [
  {
    templateCode: 'BALANCE_LOW',
    templateName: '账户余额不足',
    remindKind: 'balanceBelow',
    titleZh: '{count} 个账户余额低于 {threshold} {currency}',
    titleEn: '{count} accounts below {currency} {threshold}',
    contentZh: '{userName}，截至 {date}，您可查看的账户中有 {count} 个余额低于 {threshold} {currency}：{accounts}。',
    contentEn: '{userName}, as of {date}, {count} of the accounts you can see hold less than {currency} {threshold}: {accounts}.',
  },
  {
    templateCode: 'TODO_WAITING',
    templateName: '待办任务提醒',
    remindKind: 'todoWaiting',
    titleZh: '您有 {count} 项待办任务',
    titleEn: 'You have {count} to-do tasks',
    contentZh: '{userName}，截至 {date}，有 {count} 项审批等待您处理，请在工作台的待办任务中查看。',
    contentEn: '{userName}, as of {date}, {count} approvals are waiting for you: see To-do tasks on the workbench.',
  },
  {
    templateCode: 'RATE_PLAN_SOON',
    templateName: '利率方案即将生效',
    remindKind: 'ratePlanEffective',
    titleZh: '{count} 个利率方案将在 {days} 天内生效',
    titleEn: '{count} rate plans take effect within {days} days',
    contentZh: '即将生效的利率方案：{plans}。',
    contentEn: 'Rate plans taking effect soon: {plans}.',
  },
];

const PARAM_NAMES: Record<string, [zh: string, en: string, remark?: string]> = {
  userName: ['用户姓名', 'User’s name'],
  date: ['提醒日期', 'Date of the reminder', 'yyyy-MM-dd'],
  threshold: ['余额阈值', 'Balance threshold'],
  currency: ['币种', 'Currency'],
  count: ['数量', 'How many'],
  accounts: ['账号列表', 'Account numbers', '最多列出 5 个'],
  days: ['提前天数', 'Days ahead'],
  plans: ['利率方案列表', 'Rate plans', '最多列出 5 个'],
};

export function remindParamRows() {
  return (Object.keys(REMIND_KIND_PARAMS) as RemindKind[]).flatMap((remindKind) =>
    [...REMIND_COMMON_PARAMS, ...REMIND_KIND_PARAMS[remindKind]].map((paramCode) => {
      const [paramName, paramNameEn, remark] = PARAM_NAMES[paramCode]!;
      return { remindKind, paramCode, paramName, paramNameEn, remark: remark ?? null };
    }),
  );
}

export const REMIND_CONFIGS = [
  { configCode: 'BAL_LOW_CNY', configName: '人民币账户余额低于 10 万元', remindKind: 'balanceBelow', templateCode: 'BALANCE_LOW', targetType: 'duty', targets: 'ADMIN', threshold: 100000, currencyCode: 'CNY', days: null, remark: null },
  { configCode: 'TODO_WAITING', configName: '待办任务等待处理', remindKind: 'todoWaiting', templateCode: 'TODO_WAITING', targetType: 'duty', targets: 'ADMIN, STAFF', threshold: null, currencyCode: null, days: null, remark: null },
  { configCode: 'RATE_PLAN_30D', configName: '利率方案 30 天内生效', remindKind: 'ratePlanEffective', templateCode: 'RATE_PLAN_SOON', targetType: 'duty', targets: 'ADMIN', threshold: null, currencyCode: null, days: 30, remark: null },
];
