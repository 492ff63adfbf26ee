/**
 * Dictionaries, constants and custom lists the widgets and shell need from day one
 * (widgets §7: FileType and ExportType feed the export dialog), and those the resource
 * definitions name (issue 10: OrgType, CounterPartyType, RateType, Tenor, DictGroup). Each type
 * is also a row of the dictionary resource (dictionary_type), named by `name`.
 */
export interface DictionarySeed {
  group: 'dictionary' | 'constant' | 'custom';
  type: string;
  /** The type's name in Chinese and English. */
  name: [zh: string, en: string];
  items: Array<[value: string, zh: string, en: string]>;
}

export const DICTIONARIES: DictionarySeed[] = [
  { group: 'dictionary', type: 'FileType', name: ['文件类型', 'File type'], items: [['xlsx', 'Excel 文件 (xlsx)', 'Excel workbook (xlsx)'], ['csv', 'CSV 文件', 'CSV file']] },
  { group: 'dictionary', type: 'ExportType', name: ['导出范围', 'Export scope'], items: [['01', '当前页', 'Current page'], ['02', '全部数据', 'All data']] },
  { group: 'dictionary', type: 'Gender', name: ['性别', 'Gender'], items: [['BOY', '男', 'Male'], ['GIRL', '女', 'Female']] },
  { group: 'dictionary', type: 'UserType', name: ['用户类型', 'User type'], items: [['1', '管理员', 'Administrator'], ['2', '业务人员', 'Staff']] },
  // Staff type 1 edits the operation guides (DECISIONS "Operation guide editing"); migration 0029 adds it to older databases.
  { group: 'dictionary', type: 'StaffType', name: ['人员类型', 'Staff type'], items: [['1', '操作指南编辑', 'Guide editor'], ['2', '普通人员', 'Regular staff']] },
  { group: 'dictionary', type: 'EnableStatus', name: ['启用状态', 'Enabled status'], items: [['1', '启用', 'Enabled'], ['0', '停用', 'Disabled']] },
  { group: 'dictionary', type: 'ImportType', name: ['导入方式', 'Import mode'], items: [['APPEND', '追加', 'Append'], ['COVER', '覆盖', 'Overwrite']] },
  { group: 'constant', type: 'YesOrNo', name: ['是否', 'Yes or no'], items: [['1', '是', 'Yes'], ['0', '否', 'No']] },
  { group: 'constant', type: 'DefaultFlag', name: ['默认标志', 'Default flag'], items: [['1', '默认', 'Default'], ['2', '非默认', 'Not default']] },
  { group: 'constant', type: 'RequiredSetting', name: ['必填设置', 'Required setting'], items: [['1', '保持默认', 'Keep default'], ['2', '必填', 'Required'], ['3', '非必填', 'Optional']] },
  // How a sensitive field is masked (docs/sensitive-info.md); migration 0037 adds it to older databases.
  { group: 'dictionary', type: 'MaskRule', name: ['掩码方式', 'Mask'], items: [['MIDDLE', '保留首尾（622****1234）', 'Keep the ends (622****1234)'], ['TAIL', '保留末四位（****1234）', 'Keep the last four (****1234)'], ['ALL', '全部隐藏（****）', 'Hide all (****)']] },
  // The workday calendar's day types (src/resources/defs/workday-set.ts); migration 0030 adds it to older databases.
  { group: 'dictionary', type: 'DayType', name: ['日期类型', 'Day type'], items: [['HOLIDAY', '节假日（休息）', 'Holiday (rest day)'], ['WORKDAY', '调休上班', 'Working day in lieu']] },
  { group: 'dictionary', type: 'RatePlanApplyType', name: ['利率方案申请类型', 'Rate plan application type'], items: [['ADD', '新增', 'Add'], ['CHANGE', '变更', 'Change']] },
  // What a row of the hide-button map names (src/resources/defs/func-button.ts).
  { group: 'constant', type: 'FuncElementKind', name: ['隐藏元素类别', 'Hidden element kind'], items: [['button', '按钮', 'Button'], ['param', '查询参数', 'Query parameter']] },
  // Reminder configurations (docs/reminders.md): what a configuration watches, and whom it reminds.
  { group: 'dictionary', type: 'RemindKind', name: ['提醒类型', 'Reminder kind'], items: [['balanceBelow', '账户余额低于阈值', 'Balance below threshold'], ['todoWaiting', '待办任务等待处理', 'To-do tasks waiting'], ['ratePlanEffective', '利率方案即将生效', 'Rate plan taking effect']] },
  { group: 'dictionary', type: 'RemindTargetType', name: ['提醒对象类型', 'Remind whom'], items: [['duty', '按岗位', 'By duty'], ['user', '按用户', 'By user']] },
  { group: 'dictionary', type: 'CertSetType', name: ['证书设置范围', 'Certificate setting scope'], items: [['func', '功能', 'Function'], ['module', '模块', 'Module']] },
  // The operation log's kinds and outcomes (docs/operation-log.md).
  { group: 'constant', type: 'OperateLogKind', name: ['操作日志类别', 'Operation log kind'], items: [['LOGIN', '登录', 'Login'], ['WRITE', '写操作', 'Write']] },
  { group: 'constant', type: 'OperateOutcome', name: ['操作结果', 'Operation outcome'], items: [['SUCCESS', '成功', 'Success'], ['FAILURE', '失败', 'Failure']] },
  { group: 'custom', type: 'LoginType', name: ['登录方式', 'Login method'], items: [['password', '密码登录', 'Password'], ['qrcode', '扫码登录', 'QR code'], ['cert', '证书登录', 'Certificate']] },
  // Issue 10: the dictionaries the resource definitions name.
  {
    group: 'dictionary',
    type: 'OrgType',
    name: ['机构类型', 'Organisation type'],
    items: [['HQ', '集团总部', 'Group headquarters'], ['SETT', '结算中心', 'Settlement centre'], ['FIN', '财务公司', 'Finance company'], ['SUB', '子公司', 'Subsidiary'], ['BRANCH', '分公司', 'Branch']],
  },
  {
    group: 'dictionary',
    type: 'CounterPartyType',
    name: ['交易对手类型', 'Counterparty type'],
    items: [['BANK', '银行', 'Bank'], ['FIN_INST', '非银行金融机构', 'Non-bank financial institution'], ['ENTERPRISE', '企业', 'Enterprise'], ['GOV', '政府机构', 'Government body'], ['PERSON', '个人', 'Individual']],
  },
  {
    group: 'dictionary',
    type: 'RateType',
    name: ['利率类型', 'Rate type'],
    items: [['LPR', '贷款市场报价利率', 'Loan prime rate (LPR)'], ['SHIBOR', '上海银行间同业拆放利率', 'Shanghai interbank offered rate (SHIBOR)'], ['DEPOSIT', '存款基准利率', 'Benchmark deposit rate'], ['LOAN', '贷款基准利率', 'Benchmark lending rate'], ['SOFR', '有担保隔夜融资利率', 'Secured overnight financing rate (SOFR)']],
  },
  {
    group: 'dictionary',
    type: 'Tenor',
    name: ['期限', 'Tenor'],
    items: [['ON', '隔夜', 'Overnight (O/N)'], ['1W', '1周', '1 week'], ['2W', '2周', '2 weeks'], ['1M', '1个月', '1 month'], ['3M', '3个月', '3 months'], ['6M', '6个月', '6 months'], ['9M', '9个月', '9 months'], ['1Y', '1年', '1 year'], ['2Y', '2年', '2 years'], ['3Y', '3年', '3 years'], ['5Y', '5年', '5 years']],
  },
  {
    group: 'dictionary',
    type: 'DataAuthType',
    name: ['数据权限类型', 'Kind of data'],
    // The values are src/resources/define.ts's DATA_DIMS: a grant names one of them.
    // orgStruct is a node of an organisation structure: it grants that organisation and every one beneath it (docs/data-auth.md).
    items: [['org', '机构', 'Organisation'], ['account', '账户', 'Account'], ['currency', '币种', 'Currency'], ['businessType', '业务类型', 'Business type'], ['paymentType', '付款类型', 'Payment type'], ['orgStruct', '组织结构节点', 'Structure node']],
  },
  // Issue 12 point 5: the business and payment types data authorisation grants by (a treasury's usual ones).
  {
    group: 'dictionary',
    type: 'BusinessType',
    name: ['业务类型', 'Business type'],
    items: [
      ['INNER_TRANSFER', '内部转账', 'Internal transfer'],
      ['EXT_PAYMENT', '对外支付', 'External payment'],
      ['POOL_SWEEP', '资金归集', 'Cash pool sweep'],
      ['POOL_ALLOCATE', '资金下拨', 'Cash pool allocation'],
      ['FIXED_DEPOSIT', '定期存款', 'Fixed-term deposit'],
      ['INNER_LOAN', '内部贷款', 'Intra-group loan'],
      ['BILL', '票据业务', 'Bills'],
      ['FX', '外汇业务', 'Foreign exchange'],
      ['PAYROLL', '代发工资', 'Payroll'],
      ['TAX', '税费缴纳', 'Tax payment'],
    ],
  },
  {
    group: 'dictionary',
    type: 'PaymentType',
    name: ['付款类型', 'Payment type'],
    items: [
      ['GOODS', '货款', 'Goods'],
      ['SERVICE', '服务费', 'Services'],
      ['SALARY', '工资薪酬', 'Salaries'],
      ['SOCIAL_FUND', '社保公积金', 'Social insurance and housing fund'],
      ['TAX', '税费', 'Taxes'],
      ['LOAN_REPAY', '还本付息', 'Loan principal and interest'],
      ['DIVIDEND', '股利分红', 'Dividends'],
      ['CAPEX', '工程设备款', 'Capital expenditure'],
      ['EXPENSE', '费用报销', 'Expense reimbursement'],
      ['INTERCO', '内部往来', 'Intercompany settlement'],
    ],
  },
  // The treasury's business modules, each working by one organisation structure (org-struct-module-rel; docs/org-structure.md).
  {
    group: 'dictionary',
    type: 'BizModule',
    name: ['业务模块', 'Business module'],
    items: [
      ['SETTLE', '资金结算', 'Settlement'],
      ['ACCOUNT', '账户管理', 'Accounts'],
      ['FUNDPLAN', '资金计划', 'Funds plan'],
      ['BUDGET', '预算管理', 'Budget'],
      ['LOAN', '信贷管理', 'Loans'],
      ['BILL', '票据管理', 'Bills'],
      ['INVEST', '投资理财', 'Investments'],
      ['FX', '外汇管理', 'Foreign exchange'],
    ],
  },
  { group: 'constant', type: 'DictGroup', name: ['字典分组', 'Dictionary group'], items: [['dictionary', '数据字典', 'Dictionary'], ['constant', '常量', 'Constant'], ['custom', '自定义', 'Custom']] },
];
