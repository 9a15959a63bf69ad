import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

const KEY = 'studio-medico.medico-scelto';

function read(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null; // storage refused (private browsing): nothing remembered, nothing breaks
  }
}

function write(doctorId: string): void {
  try {
    window.localStorage.setItem(KEY, doctorId);
  } catch {
    /* storage refused: the choice is simply not remembered */
  }
}

/**
 * The front desk's doctor, remembered between pages (/disponibilita, /agenda): a page opened without `?for=`
 * takes the doctor last chosen on any of them, if that doctor still exists; choosing one remembers it.
 */
export function useRememberedDoctor(enabled: boolean, doctorIds: readonly string[] | undefined): void {
  const [params, setParams] = useSearchParams();
  const current = params.get('for');
  const known = doctorIds?.join(',');
  useEffect(() => {
    if (!enabled) return;
    if (current) {
      write(current);
      return;
    }
    const remembered = read();
    if (remembered && known?.split(',').includes(remembered)) {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('for', remembered);
          return next;
        },
        { replace: true },
      );
    }
  }, [enabled, current, known, setParams]);
}
