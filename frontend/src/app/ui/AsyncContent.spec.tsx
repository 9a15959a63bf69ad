/** @jest-environment jsdom */
import { mockFetch } from '../../test/setupDom';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { AFTER_FETCH, AsyncAccordion, AsyncTabs, InfiniteList, type AfterFetchDetail } from './AsyncContent';

let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());
const flush = () => act(async () => void (await new Promise((r) => setTimeout(r, 0))));
const gets = (path: string) => fetchMock!.calls.filter((c) => c.url.endsWith(path)).length;
const text = (d: { text: string }) => <p>{d.text}</p>;

describe('on-demand content (SPEC point 4)', () => {
  it('tabs load on first show, drop their content on hide (fetching again later) unless marked keep-contents', async () => {
    fetchMock = mockFetch([
      { method: 'GET', path: '/a', body: { text: 'contenuto A' } },
      { method: 'GET', path: '/b', body: { text: 'contenuto B' } },
    ]);
    render(
      <AsyncTabs<{ text: string }>
        id="t"
        items={[
          { key: 'a', title: 'A', url: '/a', render: text },
          { key: 'b', title: 'B', url: '/b', render: text, keepContents: true },
        ]}
      />,
    );
    await flush();
    expect(screen.getByText('contenuto A')).toBeTruthy();
    expect([gets('/a'), gets('/b')]).toEqual([1, 0]);
    await act(async () => void fireEvent.click(screen.getByRole('tab', { name: 'B' })));
    await flush();
    expect(screen.getByText('contenuto B')).toBeTruthy();
    expect(screen.queryByText('contenuto A')).toBeNull(); // dropped on hide
    await act(async () => void fireEvent.click(screen.getByRole('tab', { name: 'A' })));
    await flush();
    expect(gets('/a')).toBe(2); // emptied, so loaded again
    await act(async () => void fireEvent.click(screen.getByRole('tab', { name: 'B' })));
    await flush();
    expect(gets('/b')).toBe(1); // keep-contents: not fetched again
  });

  it('accordions load an item the first time it is expanded; a failed fetch only raises after-fetch with failed', async () => {
    fetchMock = mockFetch([
      { method: 'GET', path: '/ok', body: { text: 'dettagli' } },
      { method: 'GET', path: '/ko', status: 500, body: { error: { code: 'x', message: 'no' } } },
    ]);
    const events: AfterFetchDetail[] = [];
    const listener = (e: Event) => events.push((e as CustomEvent<AfterFetchDetail>).detail);
    window.addEventListener(AFTER_FETCH, listener);
    render(
      <AsyncAccordion<{ text: string }>
        items={[
          { key: 'ok', title: 'Primo', url: '/ok', render: text },
          { key: 'ko', title: 'Secondo', url: '/ko', render: text },
        ]}
      />,
    );
    await flush();
    expect(fetchMock.calls).toHaveLength(0);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Primo' })));
    await flush();
    expect(screen.getByText('dettagli')).toBeTruthy();
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Secondo' })));
    await flush();
    expect(events).toEqual([
      { url: '/ok', failed: false },
      { url: '/ko', failed: true },
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
    window.removeEventListener(AFTER_FETCH, listener);
  });

  it('infinite lists load the next page when the pagination area comes within 200 px of the viewport', () => {
    let callback!: (entries: { isIntersecting: boolean }[]) => void;
    let options: IntersectionObserverInit | undefined;
    (window as unknown as { IntersectionObserver: unknown }).IntersectionObserver = class {
      constructor(cb: typeof callback, opts: IntersectionObserverInit) {
        callback = cb;
        options = opts;
      }
      observe() {}
      disconnect() {}
    };
    const loadNext = jest.fn();
    const view = render(
      <InfiniteList hasMore loading={false} loadNext={loadNext}>
        <p>riga</p>
      </InfiniteList>,
    );
    expect(options?.rootMargin).toBe('0px 0px 200px 0px');
    act(() => callback([{ isIntersecting: false }]));
    expect(loadNext).not.toHaveBeenCalled();
    act(() => callback([{ isIntersecting: true }]));
    expect(loadNext).toHaveBeenCalledTimes(1);
    view.rerender(
      <InfiniteList hasMore loading loadNext={loadNext}>
        <p>riga</p>
      </InfiniteList>,
    );
    act(() => callback([{ isIntersecting: true }]));
    expect(loadNext).toHaveBeenCalledTimes(1); // not while a page is loading
    view.rerender(
      <InfiniteList hasMore={false} loading={false} loadNext={loadNext}>
        <p>riga</p>
      </InfiniteList>,
    );
    expect(loadNext).toHaveBeenCalledTimes(1); // none left
  });
});
