/** What bench/export.bench.ts seeds and its children export: accounts marked BENCH, ten columns. */
export const BENCH_MARK = 'BENCH';
export const BENCH_COLUMNS = ['acctNo', 'acctName', 'orgCode', 'officeCode', 'currencyCode', 'bankCode', 'lineNumber', 'acctNature', 'balance', 'recordState'];
