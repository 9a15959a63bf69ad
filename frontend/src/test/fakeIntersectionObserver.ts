/** Test-only. */
import { act } from '@testing-library/react';

/** jsdom has no IntersectionObserver: this one records its options and lets a test say what is in view */
export class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly observed: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(el: Element) {
    this.observed.push(el);
  }
  disconnect() {
    this.disconnected = true;
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  /** what it observes (the pagination area) comes within the margin */
  enter() {
    act(() =>
      this.callback(
        this.observed.map((target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry),
        this as unknown as IntersectionObserver,
      ),
    );
  }
  static live() {
    return FakeIntersectionObserver.instances.filter((o) => !o.disconnected);
  }
  /** a fresh set of observers, installed as the global IntersectionObserver (call in beforeEach) */
  static install() {
    FakeIntersectionObserver.instances = [];
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeIntersectionObserver;
  }
}
