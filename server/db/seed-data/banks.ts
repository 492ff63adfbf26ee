/**
 * Banks as CNAPS line numbers begin with them: the three-digit bank type code (行别代码), the
 * name in both languages and the bank's head-office SWIFT BIC.
 *
 * The one list of the seed written out by hand: it is reference knowledge (the People's Bank
 * of China's bank type codes, the banks' published BICs) that no installed package carries.
 * Only widely published, well-known entries are listed; a BIC left null was not certain.
 */

export interface BankRow {
  bankCode: string;
  bankName: string;
  bankNameEn: string | null;
  swiftCode: string | null;
}

/** How widely a bank's branches spread, for the generated line numbers (./line-numbers.ts). */
export type BankTier = 'central' | 'policy' | 'large' | 'joint-stock' | 'foreign';

export interface BankSeed extends BankRow {
  tier: BankTier;
}

export const BANKS: BankSeed[] = [
  { bankCode: '001', bankName: '中国人民银行', bankNameEn: "People's Bank of China", swiftCode: 'PBOCCNBJ', tier: 'central' },
  { bankCode: '102', bankName: '中国工商银行', bankNameEn: 'Industrial and Commercial Bank of China', swiftCode: 'ICBKCNBJ', tier: 'large' },
  { bankCode: '103', bankName: '中国农业银行', bankNameEn: 'Agricultural Bank of China', swiftCode: 'ABOCCNBJ', tier: 'large' },
  { bankCode: '104', bankName: '中国银行', bankNameEn: 'Bank of China', swiftCode: 'BKCHCNBJ', tier: 'large' },
  { bankCode: '105', bankName: '中国建设银行', bankNameEn: 'China Construction Bank', swiftCode: 'PCBCCNBJ', tier: 'large' },
  { bankCode: '201', bankName: '国家开发银行', bankNameEn: 'China Development Bank', swiftCode: 'SDBCCNBJ', tier: 'policy' },
  { bankCode: '202', bankName: '中国进出口银行', bankNameEn: 'Export-Import Bank of China', swiftCode: 'EIBCCNBJ', tier: 'policy' },
  { bankCode: '203', bankName: '中国农业发展银行', bankNameEn: 'Agricultural Development Bank of China', swiftCode: 'ADBCCNBJ', tier: 'policy' },
  { bankCode: '301', bankName: '交通银行', bankNameEn: 'Bank of Communications', swiftCode: 'COMMCNSH', tier: 'large' },
  { bankCode: '302', bankName: '中信银行', bankNameEn: 'China CITIC Bank', swiftCode: 'CIBKCNBJ', tier: 'joint-stock' },
  { bankCode: '303', bankName: '中国光大银行', bankNameEn: 'China Everbright Bank', swiftCode: 'EVERCNBJ', tier: 'joint-stock' },
  { bankCode: '304', bankName: '华夏银行', bankNameEn: 'Hua Xia Bank', swiftCode: 'HXBKCNBJ', tier: 'joint-stock' },
  { bankCode: '305', bankName: '中国民生银行', bankNameEn: 'China Minsheng Banking Corp.', swiftCode: 'MSBCCNBJ', tier: 'joint-stock' },
  { bankCode: '306', bankName: '广发银行', bankNameEn: 'China Guangfa Bank', swiftCode: 'GDBKCN22', tier: 'joint-stock' },
  { bankCode: '307', bankName: '平安银行', bankNameEn: 'Ping An Bank', swiftCode: 'SZDBCNBS', tier: 'joint-stock' },
  { bankCode: '308', bankName: '招商银行', bankNameEn: 'China Merchants Bank', swiftCode: 'CMBCCNBS', tier: 'joint-stock' },
  { bankCode: '309', bankName: '兴业银行', bankNameEn: 'Industrial Bank', swiftCode: 'FJIBCNBA', tier: 'joint-stock' },
  { bankCode: '310', bankName: '上海浦东发展银行', bankNameEn: 'Shanghai Pudong Development Bank', swiftCode: 'SPDBCNSH', tier: 'joint-stock' },
  { bankCode: '315', bankName: '恒丰银行', bankNameEn: 'Hengfeng Bank', swiftCode: 'HFBACNSD', tier: 'joint-stock' },
  { bankCode: '316', bankName: '浙商银行', bankNameEn: 'China Zheshang Bank', swiftCode: 'ZJCBCN2N', tier: 'joint-stock' },
  { bankCode: '318', bankName: '渤海银行', bankNameEn: 'China Bohai Bank', swiftCode: 'CHBHCNBT', tier: 'joint-stock' },
  { bankCode: '403', bankName: '中国邮政储蓄银行', bankNameEn: 'Postal Savings Bank of China', swiftCode: 'PSBCCNBJ', tier: 'large' },
  { bankCode: '501', bankName: '汇丰银行', bankNameEn: 'HSBC Bank (China)', swiftCode: 'HSBCCNSH', tier: 'foreign' },
  { bankCode: '502', bankName: '东亚银行', bankNameEn: 'The Bank of East Asia (China)', swiftCode: 'BEASCNSH', tier: 'foreign' },
];

/** The bank rows, as the bank table holds them. */
export function bankRows(): BankRow[] {
  return BANKS.map(({ bankCode, bankName, bankNameEn, swiftCode }) => ({ bankCode, bankName, bankNameEn, swiftCode }));
}
