import { format, subDays } from 'date-fns';
import { accountRows } from './lookup-data';
import { prng, seedOf } from './prng';

/**
 * The accounts' transactions the workbench's cash flow sums (docs/workbench.md), generated
 * from a seeded generator like the accounts themselves: TRANSACTION_DAYS days up to the
 * reference day (the first start's day), on about one working day in five for each account,
 * receipts and payments sized to the account's balance. Plausible, not real.
 */
export const TRANSACTION_DAYS = 90;

const RECEIPTS = ['货款回收', '内部资金下拨', '利息收入', '投资收益', '往来款收回'];
const PAYMENTS = ['采购付款', '工资发放', '税费缴纳', '费用报销', '资金上划', '贷款还款'];

export interface TransactionSeed {
  acctNo: string;
  orgCode: string;
  currencyCode: string;
  txnDate: string;
  direction: 'in' | 'out';
  amount: number;
  summary: string;
}

export function transactionRows(referenceDate: string): TransactionSeed[] {
  const random = prng(seedOf('transactions'));
  const last = new Date(`${referenceDate}T00:00:00`);
  const rows: TransactionSeed[] = [];
  for (const acct of accountRows()) {
    const size = Math.max(acct.balance * 0.04, 20_000);
    for (let d = TRANSACTION_DAYS - 1; d >= 0; d--) {
      const day = subDays(last, d);
      // Banks book on working days.
      if (day.getDay() === 0 || day.getDay() === 6 || random() > 0.2) continue;
      const incoming = random() < 0.5;
      const list = incoming ? RECEIPTS : PAYMENTS;
      rows.push({
        acctNo: acct.acctNo,
        orgCode: acct.orgCode,
        currencyCode: acct.currencyCode,
        txnDate: format(day, 'yyyy-MM-dd'),
        direction: incoming ? 'in' : 'out',
        amount: Math.max(100, Math.round(random() ** 2 * size * 100) / 100),
        summary: list[Math.floor(random() * list.length)]!,
      });
    }
  }
  return rows;
}
