/**
 * Dictionaries, constants and custom lists the widgets and shell need from day one
 * (widgets §7: FileType and ExportType feed the export dialog).
 */
export interface DictionarySeed {
  group: 'dictionary' | 'constant' | 'custom';
  type: string;
  items: Array<[value: string, zh: string, en: string]>;
}

export const DICTIONARIES: DictionarySeed[] = [
  { group: 'dictionary', type: 'FileType', items: [['xlsx', 'Excel 文件 (xlsx)', 'Excel workbook (xlsx)'], ['csv', 'CSV 文件', 'CSV file']] },
  { group: 'dictionary', type: 'ExportType', items: [['01', '当前页', 'Current page'], ['02', '全部数据', 'All data']] },
  { group: 'dictionary', type: 'Gender', items: [['BOY', '男', 'Male'], ['GIRL', '女', 'Female']] },
  { group: 'dictionary', type: 'UserType', items: [['1', '管理员', 'Administrator'], ['2', '业务人员', 'Staff']] },
  { group: 'dictionary', type: 'EnableStatus', items: [['1', '启用', 'Enabled'], ['0', '停用', 'Disabled']] },
  { group: 'dictionary', type: 'ImportType', items: [['APPEND', '追加', 'Append'], ['COVER', '覆盖', 'Overwrite']] },
  { group: 'dictionary', type: 'OrgType', items: [['HQ', '集团总部', 'Group headquarters'], ['SUB', '子公司', 'Subsidiary'], ['BRANCH', '分公司', 'Branch'], ['SETT', '结算中心', 'Settlement centre']] },
  { group: 'dictionary', type: 'CounterPartyType', items: [['BANK', '银行', 'Bank'], ['ENTERPRISE', '企业', 'Enterprise'], ['FIN_INST', '非银行金融机构', 'Non-bank financial institution'], ['GOV', '政府机构', 'Government body'], ['PERSON', '个人', 'Individual']] },
  { group: 'dictionary', type: 'RateType', items: [['LPR', '贷款市场报价利率', 'Loan prime rate'], ['SHIBOR', '上海银行间同业拆放利率', 'SHIBOR'], ['DEPOSIT', '存款基准利率', 'Deposit benchmark rate'], ['LOAN', '贷款基准利率', 'Loan benchmark rate']] },
  { group: 'dictionary', type: 'Tenor', items: [['ON', '隔夜', 'Overnight'], ['1W', '1周', '1 week'], ['1M', '1个月', '1 month'], ['3M', '3个月', '3 months'], ['6M', '6个月', '6 months'], ['9M', '9个月', '9 months'], ['1Y', '1年', '1 year'], ['5Y', '5年', '5 years']] },
  { group: 'dictionary', type: 'DictGroup', items: [['dictionary', '字典', 'Dictionary'], ['constant', '常量', 'Constant'], ['custom', '自定义', 'Custom']] },
  { group: 'constant', type: 'YesOrNo', items: [['1', '是', 'Yes'], ['0', '否', 'No']] },
  { group: 'constant', type: 'DefaultFlag', items: [['1', '默认', 'Default'], ['2', '非默认', 'Not default']] },
  { group: 'constant', type: 'RequiredSetting', items: [['1', '保持默认', 'Keep default'], ['2', '必填', 'Required'], ['3', '非必填', 'Optional']] },
  { group: 'custom', type: 'LoginType', items: [['password', '密码登录', 'Password'], ['qrcode', '扫码登录', 'QR code'], ['cert', '证书登录', 'Certificate']] },
];
