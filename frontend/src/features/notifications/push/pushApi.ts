import type { PushSettingsView, PushTopic } from '@studio/contracts';
import { api } from '../../../lib/api';

/** the patient's Web Push devices and topics (contracts/src/notifications/messages.ts) */
const pushTagged = api.enhanceEndpoints({ addTagTypes: ['PushSettings'] });

export interface BrowserSubscription {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

export const pushApi = pushTagged.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/push/public-key: asked only when the patient turns notifications on */
    getPushPublicKey: build.query<{ publicKey: string }, void>({
      query: () => ({ url: '/api/push/public-key' }),
    }),
    getPushSettings: build.query<PushSettingsView, void>({
      query: () => ({ url: '/api/me/push-settings' }),
      providesTags: ['PushSettings'],
    }),
    subscribePush: build.mutation<PushSettingsView, BrowserSubscription>({
      query: (body) => ({ url: '/api/me/push-subscriptions', method: 'POST', body }),
      invalidatesTags: ['PushSettings'],
    }),
    unsubscribePush: build.mutation<PushSettingsView, { endpoint: string }>({
      query: (body) => ({ url: '/api/me/push-subscriptions', method: 'DELETE', body }),
      invalidatesTags: ['PushSettings'],
    }),
    setPushTopics: build.mutation<PushSettingsView, PushTopic[]>({
      query: (optedOut) => ({ url: '/api/me/push-settings', method: 'PUT', body: { optedOut } }),
      invalidatesTags: ['PushSettings'],
    }),
  }),
});

export const { useLazyGetPushPublicKeyQuery, useGetPushSettingsQuery, useSubscribePushMutation, useUnsubscribePushMutation, useSetPushTopicsMutation } =
  pushApi;

/** the VAPID public key (base64url) as the bytes pushManager.subscribe wants */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
