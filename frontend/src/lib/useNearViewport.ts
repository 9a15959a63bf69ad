import { useEffect, useState, type RefObject } from 'react';

/** how close to the viewport an element must come for what it shows to load */
export const NEAR_VIEWPORT_MARGIN_PX = 200;

/**
 * True once `ref`'s element has come within NEAR_VIEWPORT_MARGIN_PX of the viewport, and from then on: for content
 * whose code is heavy (a chart) and that a phone shows only after scrolling, so the page's first load does not
 * download and run it. Without IntersectionObserver (old browsers), at once.
 */
export function useNearViewport(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: `${NEAR_VIEWPORT_MARGIN_PX}px 0px`,
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, near]);
  return near;
}
