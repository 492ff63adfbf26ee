/**
 * The function tree (portal-shell §1 "function tree", §2 "Menu item"; docs/function-tree.md): the
 * rules a function's values follow, written once for the page's form and the server, and the
 * tree's order. Pure, shared code.
 */

import type { TreeFunction } from './contract/function-tree';

/** A function as the function tree page edits it: the contract's answer row, declared once there. */
export type { TreeFunction };

/** What a form edits: everything but the id, the version and the count. */
export type FunctionValues = Pick<TreeFunction, 'fatherFunctionId' | 'functionName' | 'functionNameEn' | 'funcUrl' | 'funcOrder'>;

/** The menu table's column sizes (migration 0001). */
export const FUNCTION_NAME_MAX = 100;
export const FUNCTION_URL_MAX = 300;
/** Ours: an order a person types (the seed spaces siblings by one). */
export const FUNCTION_ORDER_MAX = 9999;
/**
 * A page's address inside the portal: a path of letters, digits and `-_./~`. The menu strips a
 * scheme and host from what it is given (§2); here one is refused, so what is stored is what
 * the shell routes.
 */
export const FUNCTION_URL_PATTERN = '^/[A-Za-z0-9._~/-]*$';

export type FunctionField = 'functionName' | 'functionNameEn' | 'funcUrl' | 'funcOrder';
/** A problem's message key (locale module `admin`, `functionTree.problem.*`). */
export type FunctionProblem = 'required' | 'tooLong' | 'url' | 'order';

/** The problems of a function's values, by field; empty when it may be saved. */
export function functionProblems(values: Pick<FunctionValues, 'functionName' | 'functionNameEn' | 'funcUrl' | 'funcOrder'>): Partial<Record<FunctionField, FunctionProblem>> {
  const problems: Partial<Record<FunctionField, FunctionProblem>> = {};
  for (const field of ['functionName', 'functionNameEn'] as const) {
    const name = values[field].trim();
    if (!name) problems[field] = 'required';
    else if (name.length > FUNCTION_NAME_MAX) problems[field] = 'tooLong';
  }
  const url = values.funcUrl?.trim() ?? '';
  if (url.length > FUNCTION_URL_MAX) problems.funcUrl = 'tooLong';
  else if (url && !new RegExp(FUNCTION_URL_PATTERN).test(url)) problems.funcUrl = 'url';
  if (!Number.isInteger(values.funcOrder) || values.funcOrder < 0 || values.funcOrder > FUNCTION_ORDER_MAX) problems.funcOrder = 'order';
  return problems;
}

/** The values as stored: names trimmed, an empty address none. */
export function cleanFunctionValues(values: FunctionValues): FunctionValues {
  const url = values.funcUrl?.trim() ?? '';
  return { ...values, functionName: values.functionName.trim(), functionNameEn: values.functionNameEn.trim(), funcUrl: url || null };
}

/** The tree depth first, siblings by their order then id, each with its depth (0 at the top). */
export function treeOrder<T extends Pick<TreeFunction, 'id' | 'fatherFunctionId' | 'funcOrder'>>(nodes: readonly T[]): Array<{ node: T; depth: number }> {
  const ids = new Set(nodes.map((n) => n.id));
  const children = new Map<number | null, T[]>();
  for (const n of nodes) {
    // A parent that is not in the list (0, or gone) puts the function at the top (§2: 0 or empty is top level).
    const parent = n.fatherFunctionId !== null && ids.has(n.fatherFunctionId) ? n.fatherFunctionId : null;
    children.set(parent, [...(children.get(parent) ?? []), n]);
  }
  const out: Array<{ node: T; depth: number }> = [];
  const walk = (parent: number | null, depth: number) => {
    const list = [...(children.get(parent) ?? [])].sort((a, b) => a.funcOrder - b.funcOrder || a.id - b.id);
    for (const node of list) {
      out.push({ node, depth });
      walk(node.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** The function and every function beneath it: where it cannot be moved to. */
export function selfAndDescendants(nodes: ReadonlyArray<Pick<TreeFunction, 'id' | 'fatherFunctionId'>>, id: number): Set<number> {
  const found = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const n of nodes) {
      if (n.fatherFunctionId !== null && found.has(n.fatherFunctionId) && !found.has(n.id)) {
        found.add(n.id);
        grew = true;
      }
    }
  }
  return found;
}
