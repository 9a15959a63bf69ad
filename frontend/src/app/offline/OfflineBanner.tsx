import { useEffect, useRef } from 'react';
import { api } from '../../lib/api';
import { useAppDispatch } from '../../lib/hooks';
import { useOnline } from '../../lib/useOnline';
import { OfflineStatus } from './OfflineStatus';

/**
 * "Sei offline" while the device has no connection: the page shows the last documents the app downloaded. Back
 * online, the session is asked again: the one shown offline was the remembered patient, without a token for writing.
 */
export function OfflineBanner() {
  const online = useOnline();
  const dispatch = useAppDispatch();
  const wasOffline = useRef(!online);
  useEffect(() => {
    if (!online) wasOffline.current = true;
    else if (wasOffline.current) {
      wasOffline.current = false;
      dispatch(api.util.invalidateTags(['Session']));
    }
  }, [online, dispatch]);
  return <OfflineStatus online={online} />;
}
