import { PUSH_TOPICS, type PushTopic } from '@studio/contracts';
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import * as it from '../../../i18n/it';
import { errorMessage } from '../../../lib/api';
import {
  applicationServerKey,
  useGetPushSettingsQuery,
  useLazyGetPushPublicKeyQuery,
  useSetPushTopicsMutation,
  useSubscribePushMutation,
  useUnsubscribePushMutation,
  type BrowserSubscription,
} from './pushApi';

const t = it.push;

const supported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/**
 * /home: the patient turns push notifications on for this device (the browser asks for permission only on this click)
 * and chooses the topics. The server's public VAPID key is the subscription's applicationServerKey.
 */
export function PushOptIn() {
  const [endpoint, setEndpoint] = useState<string | null>(null);
  // read only once this device is subscribed: /home's first requests stay those of its cards
  const settings = useGetPushSettingsQuery(undefined, { skip: !endpoint });
  const [getPublicKey] = useLazyGetPushPublicKeyQuery();
  const [subscribe] = useSubscribePushMutation();
  const [unsubscribe] = useUnsubscribePushMutation();
  const [setTopics] = useSetPushTopicsMutation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const canPush = supported();

  // this device's own subscription, if it has one already
  useEffect(() => {
    if (!canPush) return;
    void navigator.serviceWorker
      .getRegistration()
      .then((r) => r?.pushManager.getSubscription())
      .then(
        (s) => setEndpoint(s?.endpoint ?? null),
        () => undefined,
      );
  }, [canPush]);

  async function enable() {
    setBusy(true);
    setError(null);
    try {
      // without the app's service worker `ready` would never settle: say so instead of waiting
      if (!(await navigator.serviceWorker.getRegistration())) throw new Error(t.unsupported);
      if ((await Notification.requestPermission()) !== 'granted') throw new Error(t.denied);
      const registration = await navigator.serviceWorker.ready;
      const { publicKey } = await getPublicKey().unwrap();
      const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(publicKey) });
      await subscribe(subscription.toJSON() as BrowserSubscription).unwrap();
      setEndpoint(subscription.endpoint);
    } catch (e) {
      setError(e instanceof Error && (e.message === t.denied || e.message === t.unsupported) ? e.message : errorMessage(e, t.error));
    } finally {
      setBusy(false);
    }
  }

  async function disable() {
    setBusy(true);
    try {
      const subscription = await (await navigator.serviceWorker.ready).pushManager.getSubscription();
      if (endpoint) await unsubscribe({ endpoint }).unwrap();
      await subscription?.unsubscribe();
      setEndpoint(null);
    } catch (e) {
      setError(errorMessage(e, t.error));
    } finally {
      setBusy(false);
    }
  }

  const optedOut = settings.data?.optedOut ?? [];
  const toggle = (topic: PushTopic, on: boolean) => void setTopics(on ? optedOut.filter((o) => o !== topic) : [...optedOut, topic]);

  return (
    <Card className="mb-3">
      <Card.Body>
        <h2 className="h5">{t.title}</h2>
        <p>{t.intro}</p>
        {!canPush ? (
          <p className="mb-0">{t.unsupported}</p>
        ) : (
          <>
            {error && <Alert variant="warning">{error}</Alert>}
            {endpoint ? (
              <>
                <p role="status">{t.enabled}</p>
                {settings.data && (
                  <fieldset className="mb-2">
                    <legend className="h6">{t.topics}</legend>
                    {PUSH_TOPICS.map((topic) => (
                      <Form.Check
                        key={topic}
                        type="switch"
                        id={`push-${topic}`}
                        label={t.topic[topic]}
                        checked={!optedOut.includes(topic)}
                        onChange={(e) => toggle(topic, e.target.checked)}
                        className="py-2"
                      />
                    ))}
                  </fieldset>
                )}
                <Button variant="outline-secondary" disabled={busy} onClick={() => void disable()} style={{ minHeight: 44 }}>
                  {t.disable}
                </Button>
              </>
            ) : (
              <Button disabled={busy} onClick={() => void enable()} style={{ minHeight: 44 }}>
                {t.enable}
              </Button>
            )}
          </>
        )}
      </Card.Body>
    </Card>
  );
}
