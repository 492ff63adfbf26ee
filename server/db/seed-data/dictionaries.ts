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
  { group: 'constant', type: 'YesOrNo', items: [['1', '是', 'Yes'], ['0', '否', 'No']] },
  { group: 'constant', type: 'DefaultFlag', items: [['1', '默认', 'Default'], ['2', '非默认', 'Not default']] },
  { group: 'constant', type: 'RequiredSetting', items: [['1', '保持默认', 'Keep default'], ['2', '必填', 'Required'], ['3', '非必填', 'Optional']] },
  { group: 'custom', type: 'LoginType', items: [['password', '密码登录', 'Password'], ['qrcode', '扫码登录', 'QR code'], ['cert', '证书登录', 'Certificate']] },
];
