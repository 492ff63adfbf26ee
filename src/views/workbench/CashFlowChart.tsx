import { Box, HStack, Text } from '@chakra-ui/react';
import type { CashFlow } from '../../shared/contract/workbench';
import { formatAmount } from '../../shared/format-amount';
import type { Language } from '../../shared/constants';

const WIDTH = 600;
const HEIGHT = 200;
const PAD = { top: 8, right: 8, bottom: 20, left: 8 };
const INFLOW = 'var(--chakra-colors-green-600)';
const OUTFLOW = 'var(--chakra-colors-red-600)';

/**
 * The cash flow as bars drawn in SVG (no chart library: the one picture needs none): each day
 * a receipts bar above the middle line and a payments bar below it, on one scale; the first and
 * last dates under the axis; each bar's figures in its tooltip. The chart is an image with a
 * text alternative (totals), and the totals are printed beside it.
 */
export function CashFlowChart({ flow, lang, labels }: { flow: CashFlow; lang: Language; labels: { inflow: string; outflow: string; net: string; summary: string } }) {
  const max = Math.max(1, ...flow.days.map((d) => Math.max(d.inflow, d.outflow)));
  const innerW = WIDTH - PAD.left - PAD.right;
  const half = (HEIGHT - PAD.top - PAD.bottom) / 2;
  const mid = PAD.top + half;
  const step = innerW / flow.days.length;
  const barW = Math.max(1, step * 0.7);
  const totalIn = flow.days.reduce((s, d) => s + d.inflow, 0);
  const totalOut = flow.days.reduce((s, d) => s + d.outflow, 0);
  const money = (v: number) => formatAmount(v, lang);
  return (
    <Box>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" aria-label={labels.summary} data-testid="cash-flow-chart" style={{ display: 'block', maxHeight: 220 }}>
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={mid} y2={mid} stroke="currentColor" strokeOpacity={0.3} />
        {flow.days.map((d, i) => {
          const x = PAD.left + i * step + (step - barW) / 2;
          const up = (d.inflow / max) * half;
          const down = (d.outflow / max) * half;
          return (
            <g key={d.date} data-date={d.date}>
              <title>{`${d.date} ${labels.inflow} ${money(d.inflow)} / ${labels.outflow} ${money(d.outflow)}`}</title>
              {up > 0 && <rect x={x} y={mid - up} width={barW} height={up} fill={INFLOW} />}
              {down > 0 && <rect x={x} y={mid} width={barW} height={down} fill={OUTFLOW} />}
            </g>
          );
        })}
        <text x={PAD.left} y={HEIGHT - 4} fontSize="12" fill="currentColor">{flow.from}</text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 4} fontSize="12" fill="currentColor" textAnchor="end">{flow.to}</text>
      </svg>
      <HStack columnGap="4" rowGap="0" wrap="wrap" fontSize="sm" mt="2" data-testid="cash-flow-totals">
        <Text><Box as="span" display="inline-block" w="2.5" h="2.5" bg="green.600" mr="1" />{labels.inflow} {flow.currencyCode} {money(totalIn)}</Text>
        <Text><Box as="span" display="inline-block" w="2.5" h="2.5" bg="red.600" mr="1" />{labels.outflow} {flow.currencyCode} {money(totalOut)}</Text>
        <Text>{labels.net} {flow.currencyCode} {money(totalIn - totalOut)}</Text>
      </HStack>
    </Box>
  );
}
