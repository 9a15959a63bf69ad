import { useEffect } from 'react';

/**
 * The browser tab's title: "<page> · <practice>". Every page names itself with usePageTitle; the shell sets the
 * practice's name once it is known (GET /api/practice).
 */
const current = { page: '', practice: '' };

function apply(): void {
  document.title = [current.page, current.practice].filter(Boolean).join(' · ');
}

export function setPracticeName(name: string): void {
  current.practice = name;
  apply();
}

/** the page's own title, for as long as it is shown */
export function usePageTitle(title: string): void {
  useEffect(() => {
    current.page = title;
    apply();
  }, [title]);
}
