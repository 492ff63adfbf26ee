import { normal, prng, seedOf } from './prng';

/**
 * A year of daily exchange rates for the main pairs into CNY, generated: a seeded,
 * mean-reverting random walk (an Ornstein–Uhlenbeck process on the log rate) around levels
 * like the CFETS central parities of 2024–2025, so the exchange-rate page has a big table of
 * believable numbers. Not market data.
 *
 * Quoting: every rate is per ONE unit of the source currency (1 JPY = 0.048 CNY), never per
 * 100 as the CFETS board shows yen: the table has no unit column, so `amount × rate` must hold
 * for every row. Six decimals, as the rate column keeps. CNY→USD is the inverse of the same
 * day's USD→CNY, rounded.
 *
 * Days: Monday to Friday (no holiday calendar), from a year before the reference date up to
 * and including it; the reference date is a parameter so tests are deterministic.
 */

export interface ExchangeRateRow {
  rateDate: string;
  sourceCurrency: string;
  targetCurrency: string;
  rate: number;
}

export interface PairLevel {
  source: string;
  /** The level the walk reverts to, in CNY per one unit. */
  centre: number;
  /** Daily volatility of the log rate. */
  volatility: number;
  /** The walk never strays further than this from its centre (log rate, about a share of it). */
  band: number;
}

export const PAIR_LEVELS: PairLevel[] = [
  { source: 'USD', centre: 7.2, volatility: 0.002, band: 0.013 },
  { source: 'EUR', centre: 7.85, volatility: 0.004, band: 0.018 },
  { source: 'JPY', centre: 0.048, volatility: 0.005, band: 0.04 },
  { source: 'HKD', centre: 0.922, volatility: 0.002, band: 0.013 },
  { source: 'GBP', centre: 9.2, volatility: 0.0045, band: 0.03 },
  { source: 'AUD', centre: 4.7, volatility: 0.005, band: 0.03 },
  { source: 'CAD', centre: 5.2, volatility: 0.004, band: 0.03 },
  { source: 'SGD', centre: 5.4, volatility: 0.003, band: 0.025 },
  { source: 'CHF', centre: 8.15, volatility: 0.004, band: 0.03 },
];

/** How fast the walk returns to its centre each day. */
const REVERSION = 0.04;
const DECIMALS = 1e6;

const round6 = (n: number) => Math.round(n * DECIMALS) / DECIMALS;

/** yyyy-MM-dd of a UTC date. */
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The weekdays from a year before `reference` (exclusive) up to it (inclusive), oldest first. */
export function weekdaysOfYear(reference: string): string[] {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(reference)) throw new Error(`reference date ${reference} is not yyyy-MM-dd`);
  const end = new Date(`${reference}T00:00:00Z`);
  const start = new Date(end);
  start.setUTCFullYear(end.getUTCFullYear() - 1);
  const days: string[] = [];
  for (const d = new Date(start.getTime() + 86_400_000); d <= end; d.setUTCDate(d.getUTCDate() + 1)) {
    const weekday = d.getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.push(iso(d));
  }
  return days;
}

/** Every rate row for the year ending at `reference` (yyyy-MM-dd), by date then pair. */
export function exchangeRateRows(reference: string): ExchangeRateRow[] {
  const days = weekdaysOfYear(reference);
  const rows: ExchangeRateRow[] = [];
  const walks = PAIR_LEVELS.map((p) => ({ ...p, random: prng(seedOf(`rate:${p.source}`)), x: 0 }));
  for (const rateDate of days) {
    for (const w of walks) {
      w.x = Math.max(-w.band, Math.min(w.band, w.x * (1 - REVERSION) + w.volatility * normal(w.random)));
      const rate = round6(w.centre * Math.exp(w.x));
      rows.push({ rateDate, sourceCurrency: w.source, targetCurrency: 'CNY', rate });
      if (w.source === 'USD') rows.push({ rateDate, sourceCurrency: 'CNY', targetCurrency: 'USD', rate: round6(1 / rate) });
    }
  }
  return rows;
}
