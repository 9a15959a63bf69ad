/** @jest-environment jsdom */
import '../../test/setupDom';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { mockFetch } from '../../test/setupDom';
import { FakeIntersectionObserver } from '../../test/fakeIntersectionObserver';
import { CSRF, renderWithStore, storeWithSession } from '../../test/renderWithStore';
import { AFTER_FETCH_EVENT, AsyncAccordion, AsyncModal, AsyncPopover, AsyncTabs, InfiniteScroll, INFINITE_SCROLL_MARGIN_PX, ModalForm } from './index';

beforeEach(() => FakeIntersectionObserver.install());

const deferred = <T,>() => {
  let resolve!: (v: T) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

describe('InfiniteScroll', () => {
  function List({ pages }: { pages: number }) {
    const [items, setItems] = useState([1, 2]);
    const [loading, setLoading] = useState(false);
    const loadMore = () => {
      setLoading(true);
      setTimeout(() => {
        setItems((prev) => [...prev, prev.length + 1, prev.length + 2]);
        setLoading(false);
      }, 0);
    };
    return (
      <InfiniteScroll hasMore={items.length < pages * 2} loading={loading} loadMore={loadMore}>
        {items.map((i) => (
          <div key={i}>elemento {i}</div>
        ))}
      </InfiniteScroll>
    );
  }

  it('watches the pagination area with a 200 px margin and loads the next page when it comes near', async () => {
    render(<List pages={3} />);
    const [observer] = FakeIntersectionObserver.live();
    expect(INFINITE_SCROLL_MARGIN_PX).toBe(200);
    expect(observer.options.rootMargin).toBe('0px 0px 200px 0px');
    expect(observer.observed).toEqual([screen.getByTestId('infinite-scroll-pagination')]);
    expect(screen.queryByText('elemento 3')).toBeNull();
    observer.enter();
    expect(await screen.findByText('elemento 4')).toBeTruthy();
    FakeIntersectionObserver.live()[0].enter();
    expect(await screen.findByText('elemento 6')).toBeTruthy();
    // no more pages: nothing observed any more, the end is said
    expect(FakeIntersectionObserver.live()).toHaveLength(0);
    expect(screen.getByText('Fine dell’elenco.')).toBeTruthy();
  });

  it('asks for one page at a time', () => {
    const loadMore = jest.fn();
    const { rerender } = render(
      <InfiniteScroll hasMore loading={false} loadMore={loadMore}>
        <div />
      </InfiniteScroll>,
    );
    FakeIntersectionObserver.live()[0].enter();
    expect(loadMore).toHaveBeenCalledTimes(1);
    rerender(
      <InfiniteScroll hasMore loading loadMore={loadMore}>
        <div />
      </InfiniteScroll>,
    );
    FakeIntersectionObserver.live()[0].enter();
    expect(loadMore).toHaveBeenCalledTimes(1);
  });
});

describe('AsyncModal', () => {
  it('loads its body on first open only, and keeps it for the next openings', async () => {
    const load = jest.fn(async () => 'contenuto del modale');
    function Harness() {
      const [show, setShow] = useState(false);
      return (
        <>
          <button onClick={() => setShow(true)}>apri</button>
          <AsyncModal show={show} onHide={() => setShow(false)} title="Dettaglio" load={load}>
            {(text) => <p>{text}</p>}
          </AsyncModal>
        </>
      );
    }
    render(<Harness />);
    expect(load).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('apri'));
    expect(await screen.findByText('contenuto del modale')).toBeTruthy();
    fireEvent.click(screen.getByText('Chiudi'));
    await waitFor(() => expect(screen.queryByText('contenuto del modale')).toBeNull());
    fireEvent.click(screen.getByText('apri'));
    expect(await screen.findByText('contenuto del modale')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('the dialog is named by its title (axe aria-dialog-name)', () => {
    render(
      <AsyncModal show onHide={() => undefined} title="Dettaglio della visita" load={async () => 'x'}>
        {(text) => <p>{text}</p>}
      </AsyncModal>,
    );
    expect(screen.getByRole('dialog', { name: 'Dettaglio della visita' })).toBeTruthy();
  });

  it('a failed fetch only raises after-fetch with a failure flag: no message', async () => {
    const onAfterFetch = jest.fn();
    const domEvents: boolean[] = [];
    document.addEventListener(AFTER_FETCH_EVENT, (e) => domEvents.push((e as CustomEvent<{ ok: boolean }>).detail.ok));
    render(
      <AsyncModal show onHide={() => undefined} title="Dettaglio" load={() => Promise.reject(new Error('500'))} onAfterFetch={onAfterFetch}>
        {() => <p>mai</p>}
      </AsyncModal>,
    );
    await waitFor(() => expect(onAfterFetch).toHaveBeenCalledWith({ ok: false }));
    expect(domEvents).toEqual([false]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    expect(document.querySelector('.modal-body')?.textContent).toBe('');
  });
});

describe('AsyncTabs', () => {
  it('loads a tab when first shown, drops it on hide, and keeps a keep-contents tab', async () => {
    const loads = { a: jest.fn(async () => 'A'), b: jest.fn(async () => 'B'), k: jest.fn(async () => 'K') };
    render(
      <AsyncTabs
        id="t"
        tabs={[
          { eventKey: 'a', title: 'Prima', load: loads.a, render: (x: string) => <p>scheda {x}</p> },
          { eventKey: 'b', title: 'Seconda', load: loads.b, render: (x: string) => <p>scheda {x}</p> },
          { eventKey: 'k', title: 'Tenuta', load: loads.k, keepContents: true, render: (x: string) => <p>scheda {x}</p> },
        ]}
      />,
    );
    expect(await screen.findByText('scheda A')).toBeTruthy();
    expect(loads.b).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('tab', { name: 'Seconda' }));
    expect(await screen.findByText('scheda B')).toBeTruthy();
    // the hidden tab was emptied
    await waitFor(() => expect(screen.queryByText('scheda A')).toBeNull());
    fireEvent.click(screen.getByRole('tab', { name: 'Tenuta' }));
    expect(await screen.findByText('scheda K')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Prima' }));
    expect(await screen.findByText('scheda A')).toBeTruthy();
    expect(loads.a).toHaveBeenCalledTimes(2);
    // keep-contents: still there while hidden, never loaded again
    expect(screen.getByText('scheda K')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Tenuta' }));
    expect(loads.k).toHaveBeenCalledTimes(1);
  });
});

describe('AsyncAccordion and AsyncPopover', () => {
  it('an accordion item loads on first open only', async () => {
    const load = jest.fn(async () => 'corpo');
    render(<AsyncAccordion items={[{ eventKey: 'x', header: 'Sezione', load, render: (t: string) => <p>{t}</p> }]} />);
    expect(load).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('Sezione'));
    expect(await screen.findByText('corpo')).toBeTruthy();
    fireEvent.click(screen.getByText('Sezione'));
    fireEvent.click(screen.getByText('Sezione'));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a popover loads when first opened', async () => {
    const gate = deferred<string>();
    const load = jest.fn(() => gate.promise);
    render(
      <AsyncPopover id="p" title="Info" load={load} render={(t: string) => <span>{t}</span>}>
        <button>info</button>
      </AsyncPopover>,
    );
    expect(load).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('info'));
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => gate.resolve('dettagli del popover'));
    expect(await screen.findByText('dettagli del popover')).toBeTruthy();
  });
});

describe('ModalForm', () => {
  function Harness({ onSuccess }: { onSuccess: (a: unknown) => void }) {
    const [show, setShow] = useState(true);
    return (
      <ModalForm id="prova" show={show} onClose={() => setShow(false)} title="Modulo" action="/api/prova" submitLabel="Invia" onSaved={onSuccess}>
        <Form.Group controlId="nome">
          <Form.Label>Nome</Form.Label>
          <Form.Control name="nome" required />
        </Form.Group>
      </ModalForm>
    );
  }

  it('blocks an invalid form, then submits with its own method and action and closes on success', async () => {
    const fetchMock = mockFetch([{ method: 'POST', path: '/api/prova', body: { ok: true } }]);
    try {
      const onSuccess = jest.fn();
      renderWithStore(await storeWithSession({ id: 'a', role: 'admin', name: 'Admin' }), <Harness onSuccess={onSuccess} />);
      fireEvent.click(screen.getByText('Invia'));
      expect(fetchMock.calls).toHaveLength(0);
      expect(document.querySelector('form')?.classList.contains('was-validated')).toBe(true);
      fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Anna' } });
      fireEvent.click(screen.getByText('Invia'));
      await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ ok: true }));
      expect(fetchMock.calls[0]).toMatchObject({ method: 'POST', url: '/api/prova', body: 'nome=Anna', headers: { 'x-csrf-token': CSRF } });
      await waitFor(() => expect(screen.queryByText('Modulo')).toBeNull());
    } finally {
      fetchMock.restore();
    }
  });

  it("shows the server's Italian message and stays open on a refusal", async () => {
    const fetchMock = mockFetch([{ method: 'POST', path: '/api/prova', status: 409, body: { error: { code: 'conflitto', message: 'Già fatto.' } } }]);
    try {
      const onSuccess = jest.fn();
      renderWithStore(await storeWithSession({ id: 'a', role: 'admin', name: 'Admin' }), <Harness onSuccess={onSuccess} />);
      fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Anna' } });
      fireEvent.click(screen.getByText('Invia'));
      expect(await screen.findByText('Già fatto.')).toBeTruthy();
      expect(onSuccess).not.toHaveBeenCalled();
      expect(screen.getByText('Modulo')).toBeTruthy();
    } finally {
      fetchMock.restore();
    }
  });
});
