/**
 * An organisation structure's nodes as the tree dialog lists them (docs/org-structure.md): each
 * node after its parent, children by organisation code, with its depth for the indent. Nodes
 * whose parent is not among them (none should be: the server refuses it) are listed as roots,
 * so nothing stored is ever hidden.
 */
export interface OrgTreeNode {
  id: number;
  version: number;
  orgCode: string;
  parentOrgCode: string | null;
  enabled: boolean;
}

export type OrgTreeLine<N extends OrgTreeNode = OrgTreeNode> = N & { depth: number };

export function flattenOrgTree<N extends OrgTreeNode>(nodes: readonly N[]): Array<OrgTreeLine<N>> {
  const codes = new Set(nodes.map((n) => n.orgCode));
  const byCode = (a: N, b: N) => a.orgCode.localeCompare(b.orgCode);
  const children = new Map<string, N[]>();
  for (const n of nodes) {
    const parent = n.parentOrgCode && codes.has(n.parentOrgCode) && n.parentOrgCode !== n.orgCode ? n.parentOrgCode : '';
    children.set(parent, [...(children.get(parent) ?? []), n]);
  }
  const out: Array<OrgTreeLine<N>> = [];
  const seen = new Set<string>();
  const walk = (parent: string, depth: number) => {
    for (const n of (children.get(parent) ?? []).sort(byCode)) {
      if (seen.has(n.orgCode)) continue;
      seen.add(n.orgCode);
      out.push({ ...n, depth });
      walk(n.orgCode, depth + 1);
    }
  };
  walk('', 0);
  // A cycle written around the server's rules would leave nodes unreached: show them at the root.
  for (const n of [...nodes].sort(byCode)) if (!seen.has(n.orgCode)) out.push({ ...n, depth: 0 });
  return out;
}

/** The organisation codes of a node and of every node beneath it (a move's forbidden parents). */
export function orgCodesUnder(nodes: readonly OrgTreeNode[], orgCode: string): string[] {
  const out = [orgCode];
  for (let i = 0; i < out.length; i++) for (const n of nodes) if (n.parentOrgCode === out[i] && !out.includes(n.orgCode)) out.push(n.orgCode);
  return out;
}
