import { loadCommonPasswords } from '@studio/contracts';
import { useEffect } from 'react';

/**
 * A page with a new password loads the common-password list (about 1 MB, its own chunk) when it opens, so the
 * browser can say "tra le più usate" before sending; until it arrives the server's check still applies.
 */
export function useCommonPasswords(): void {
  useEffect(() => {
    void loadCommonPasswords();
  }, []);
}
