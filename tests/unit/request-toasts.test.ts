import { afterEach, describe, expect, it } from '@jest/globals';
import { showRequestToast, toaster } from '../../src/widgets/request-layer/toaster';

// The request layer's toasts against the page's real toaster store (no view needed: the store
// decides what is on screen).
afterEach(() => toaster.remove());

describe('showRequestToast', () => {
  it('shows one toast for the same message told several times at once', () => {
    for (let i = 0; i < 5; i++) showRequestToast({ type: 'error', title: '连接服务器失败' });
    expect(toaster.getVisibleToasts()).toHaveLength(1);
  });

  it('shows different messages, or the same title with another reason, each on its own', () => {
    showRequestToast({ type: 'error', title: '连接服务器失败' });
    showRequestToast({ type: 'error', title: '请求失败', description: '币种代码已存在' });
    showRequestToast({ type: 'error', title: '请求失败', description: '名称不能为空' });
    showRequestToast({ type: 'success', title: '连接服务器失败' });
    expect(toaster.getVisibleToasts().map((t) => [t.type, t.title, t.description])).toEqual(
      expect.arrayContaining([
        ['error', '连接服务器失败', undefined],
        ['error', '请求失败', '币种代码已存在'],
        ['error', '请求失败', '名称不能为空'],
        ['success', '连接服务器失败', undefined],
      ]),
    );
    expect(toaster.getVisibleToasts()).toHaveLength(4);
  });

  it('shows the message again once the first was closed', () => {
    const id = showRequestToast({ type: 'error', title: '连接服务器失败' });
    toaster.remove(id);
    expect(toaster.getVisibleToasts()).toHaveLength(0);
    showRequestToast({ type: 'error', title: '连接服务器失败' });
    expect(toaster.getVisibleToasts()).toHaveLength(1);
  });
});
