import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import type { Endpoint } from '../../src/shared/contract';
import { I18nProvider } from '../../src/services/i18n/react';
import { system } from '../../src/services/theme-system';
import nodeDef from '../../src/resources/defs/org-struct-node';
import orgDef from '../../src/resources/defs/org-info';
import { resourceEndpoints } from '../../src/resources/contract';

// The structure's tree dialog with its real machine and Chakra parts; the server is a double
// that keeps the nodes and answers each call by its endpoint. Messages are not served here.
type Node = { id: number; version: number; enabled: boolean; recordState: string; structCode: string; orgCode: string; parentOrgCode: string | null };
let mockStored: Node[] = [];
const mockPaths = { nodes: resourceEndpoints(nodeDef), orgs: resourceEndpoints(orgDef) };
jest.mock('../../src/services/http/call', () => ({
  call: async (endpoint: Endpoint, body: Record<string, unknown>) => {
    const { nodes, orgs } = mockPaths as unknown as { nodes: Record<string, Endpoint>; orgs: Record<string, Endpoint> };
    if (endpoint.path === orgs.query!.path) return { rows: [], total: 0 };
    if (endpoint.path === nodes.query!.path) return { rows: mockStored, total: mockStored.length };
    const node = mockStored.find((n) => n.id === body.id)!;
    if (endpoint.path === nodes.update!.path) {
      Object.assign(node, { parentOrgCode: body.parentOrgCode, version: node.version + 1 });
      return node;
    }
    if (endpoint.path === nodes.disable!.path) return { ...node, version: node.version + 1 };
    if (endpoint.path === nodes.delete!.path) {
      mockStored = mockStored.filter((n) => n !== node);
      return null;
    }
    throw new Error(`no answer for ${endpoint.path}`);
  },
}));

const { OrgStructTreeDialog } = jest.requireActual<typeof import('../../src/views/resource/extras/OrgStructExtras')>('../../src/views/resource/extras/OrgStructExtras');

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const settle = async () => {
  for (let i = 0; i < 4; i++) await act(() => new Promise<void>((r) => setTimeout(r, 0)));
};
const node = (id: number, orgCode: string, parentOrgCode: string | null): Node => ({ id, version: 1, enabled: true, recordState: '1', structCode: 'FUND', orgCode, parentOrgCode });

beforeEach(() => {
  mockStored = [node(1, 'HQ', null), node(2, 'SC01', 'HQ'), node(3, 'GZ01', 'HQ')];
});
afterEach(cleanup);

describe('the organisation structure tree dialog', () => {
  it('keeps the keyboard on the tree when a move or a removal reloads it', async () => {
    render(
      <ChakraProvider value={system}>
        <I18nProvider modules={[]}>
          <OrgStructTreeDialog structCode="FUND" name="资金管理架构" onClose={() => undefined} />
        </I18nProvider>
      </ChakraProvider>,
    );
    await settle();
    const tree = () => screen.getByTestId('org-struct-tree-dialog');
    const nodeOf = (org: string) => within(tree()).getAllByRole('treeitem').find((n) => n.getAttribute('data-org') === org)!;

    // Moving GZ01 to the root: the tree reloads; the focus is on GZ01's Move select again.
    const move = nodeOf('GZ01').querySelector('select')!;
    move.focus();
    fireEvent.change(move, { target: { value: '(root)' } });
    await settle();
    expect(mockStored.find((n) => n.orgCode === 'GZ01')!.parentOrgCode).toBeNull();
    expect(document.activeElement).toBe(nodeOf('GZ01').querySelector('select'));

    // Removing SC01 asks first (the page has no request layer here: the browser's own question);
    // no keeps it, with the focus where it was.
    const question = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const remove = nodeOf('SC01').querySelector<HTMLElement>('[data-part=remove]')!;
    remove.focus();
    fireEvent.click(remove);
    await settle();
    expect(question).toHaveBeenCalledTimes(1);
    expect(mockStored.map((n) => n.orgCode)).toEqual(['HQ', 'SC01', 'GZ01']);
    expect(document.activeElement).toBe(remove);

    // Yes: gone; the focus goes to the node that took its place.
    fireEvent.click(remove);
    await settle();
    expect(mockStored.map((n) => n.orgCode)).toEqual(['HQ', 'GZ01']);
    expect(within(tree()).getAllByRole('treeitem').map((n) => n.getAttribute('data-org'))).not.toContain('SC01');
    expect(tree().contains(document.activeElement)).toBe(true);
    expect(document.activeElement!.tagName).toBe('SELECT');
  });
});
