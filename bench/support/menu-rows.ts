/**
 * The flat list the menu call answers with 5,000 leaves, for the menu benches (menu-client in
 * Node, menu-browser in Chromium): 10 areas × 50 groups × 10 leaves (5,510 rows), absolute
 * funcUrls to strip, and rows shuffled so the client's own ordering is part of the work.
 */
import type { MenuRow } from '../../src/shared/menu-tree';

export const AREAS = 10;
export const GROUPS = 50;
export const LEAVES = 10;

export function menuRows(): MenuRow[] {
  const rows: MenuRow[] = [];
  for (let a = 1; a <= AREAS; a++) {
    rows.push({ id: a, fatherFunctionId: null, functionName: `Area ${a} 区域`, funcUrl: null, funcOrder: a });
    for (let g = 1; g <= GROUPS; g++) {
      const group = a * 1000 + g;
      rows.push({ id: group, fatherFunctionId: a, functionName: `Group ${group} 分组`, funcUrl: null, funcOrder: GROUPS - g });
      for (let l = 1; l <= LEAVES; l++) {
        const leaf = group * 100 + l;
        rows.push({ id: leaf, fatherFunctionId: group, functionName: `Page ${leaf} 页面`, funcUrl: `https://portal.example:8443/p/${leaf}`, funcOrder: l % 3, oftenUsed: l === 1 ? 1 : 0 });
      }
    }
  }
  // The server orders by funcOrder then id; shuffle so the client's own ordering is timed too.
  return rows.sort((x, y) => ((Number(x.id) * 7919) % 10007) - ((Number(y.id) * 7919) % 10007));
}
