import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { widgetHeaders } from './widgetHost';
import { errorBodyOf, type LoginRequest, type SessionResponse, type SessionUser } from '@studio/contracts';
import * as it from '../i18n/it';
import { fetchWithEarly } from './earlyFetch';
import { offlineDocumentHeaders } from './offlineDocuments';
import { clearPendingBooking } from './pendingBooking';
import { disconnectSharedSocket } from './socket';

export const CSRF_HEADER = 'X-CSRF-Token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

// the session's and the practice's first answers may have been asked for by main.tsx already (earlyFetch.ts)
const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/',
  credentials: 'include',
  fetchFn: fetchWithEarly,
  // in the widget's frame on another site, every request says so (its cookies must be SameSite=None there)
  prepareHeaders: (headers) => {
    for (const [name, value] of Object.entries(widgetHeaders())) headers.set(name, value);
    return headers;
  },
});

function cachedCsrfToken(state: unknown): string | undefined {
  const selectSession = api.endpoints.getSession.select();
  return selectSession(state as Parameters<typeof selectSession>[0]).data?.csrfToken;
}

/** a 403 whose code speaks of CSRF: the token went stale (new session), fetch a fresh one and retry once */
function isCsrfRejection(error: FetchBaseQueryError | undefined): boolean {
  if (!error || error.status !== 403) return false;
  const body = errorBodyOf(error.data);
  return body !== undefined && /csrf/i.test(body.error.code);
}

function withCsrf(args: FetchArgs, token: string | undefined): FetchArgs {
  if (!token) return args;
  const headers = new Headers(args.headers as HeadersInit | undefined);
  headers.set(CSRF_HEADER, token);
  return { ...args, headers };
}

const SESSION_URL = '/api/auth/session';
const SESSION_URLS = new Set([SESSION_URL, '/api/auth/login']);

/** the logged-in patient's id (offline, the session is the patient remembered on this device); undefined for other roles */
function currentPatientId(state: unknown): string | undefined {
  const selectSession = api.endpoints.getSession.select();
  const user = selectSession(state as Parameters<typeof selectSession>[0]).data?.user;
  return user?.role === 'patient' ? user.id : undefined;
}

/** what is kept on the device for offline reading (a chunk of its own: nothing of it is needed to show a page) */
const offlineSessionModule = () => import('./offlineSession');

/** a GET of an offline document names its patient, for the service worker's copy (offlineDocuments.ts) */
function withOfflineUser(args: FetchArgs, state: unknown): FetchArgs {
  const extra = offlineDocumentHeaders(args.url, currentPatientId(state));
  if (Object.keys(extra).length === 0) return args;
  const headers = new Headers(args.headers as HeadersInit | undefined);
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  return { ...args, headers };
}

/**
 * The session's answer is remembered for offline use (a patient's), and when the server cannot be reached the
 * remembered patient stands in for it: /home then shows the documents the service worker kept.
 */
async function sessionQuery(...[args, queryApi, extra]: Parameters<BaseQueryFn<FetchArgs, unknown, FetchBaseQueryError>>) {
  const result = await rawBaseQuery(args, queryApi, extra);
  const user = (result.data as Partial<SessionResponse> | undefined)?.user;
  if (result.data) void offlineSessionModule().then((m) => m.sessionSeen(user ?? null));
  if (result.error?.status !== 'FETCH_ERROR') return result;
  // the module is in the service worker's precache: it loads offline too
  const offline = await offlineSessionModule().then(
    (m) => m.offlineSession(),
    () => null,
  );
  return offline ? { data: offline } : result;
}

const csrfQuery: BaseQueryFn<FetchArgs, unknown, FetchBaseQueryError> = async (args, queryApi, extra) => {
  const method = (args.method ?? 'GET').toUpperCase();
  if (method === 'GET' && args.url === SESSION_URL) return sessionQuery(args, queryApi, extra);
  if (method === 'GET') return rawBaseQuery(withOfflineUser(args, queryApi.getState()), queryApi, extra);
  if (SAFE_METHODS.has(method)) return rawBaseQuery(args, queryApi, extra);

  const freshToken = async () => {
    const session = await rawBaseQuery({ url: SESSION_URL }, queryApi, extra);
    if (session.data) {
      queryApi.dispatch(api.util.upsertQueryData('getSession', undefined, session.data as SessionResponse));
      return (session.data as SessionResponse).csrfToken;
    }
    return undefined;
  };

  // an offline session's token is empty: ask for a real one
  const token = cachedCsrfToken(queryApi.getState()) || (await freshToken());
  const result = await rawBaseQuery(withCsrf(args, token), queryApi, extra);
  if (isCsrfRejection(result.error)) {
    const retryToken = await freshToken();
    if (retryToken && retryToken !== token) return rawBaseQuery(withCsrf(args, retryToken), queryApi, extra);
  }
  return result;
};

/**
 * fetchBaseQuery (cookies included) plus the CSRF token of GET /api/auth/session on every write.
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (arg, queryApi, extra) => {
  const args: FetchArgs = typeof arg === 'string' ? { url: arg } : arg;
  const result = await csrfQuery(args, queryApi, extra);
  // the session ended (expired, logged out elsewhere): reload it, RequireAuth then goes to /login
  if (result.error?.status === 401 && !SESSION_URLS.has(args.url)) {
    queryApi.dispatch(api.util.invalidateTags(['Session']));
  }
  return result;
};

/** the server's Italian message of an error answer `{error:{code,message}}`, or a catalogue fallback */
export function errorMessage(error: unknown, fallback: string = it.app.genericError): string {
  if (error && typeof error === 'object' && 'status' in error) {
    const e = error as FetchBaseQueryError;
    const body = errorBodyOf('data' in e ? e.data : undefined);
    if (body) return body.error.message;
    if (e.status === 'FETCH_ERROR' || e.status === 'TIMEOUT_ERROR') return it.app.networkError;
  }
  return fallback;
}

export type LoginAnswer = { user: SessionUser; csrfToken: string };

/** The one RTK Query api of the app; features add their endpoints with injectEndpoints. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'Session',
    'Doctors',
    'Availability',
    'BookingDays',
    'FreeSlots',
    'MyBookings',
    'MyOrders',
    'Questionnaires',
    'AdminProducts',
    'AdminCoupons',
    'Agenda',
  ],
  endpoints: (build) => ({
    getSession: build.query<SessionResponse, void>({
      query: () => ({ url: SESSION_URL }),
      providesTags: ['Session'],
    }),
    login: build.mutation<LoginAnswer, LoginRequest>({
      query: (body) => ({ url: '/api/auth/login', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void offlineSessionModule().then((m) => m.sessionSeen(data.user));
          // the session was regenerated: the answer carries the new user and the new token
          await dispatch(api.util.upsertQueryData('getSession', undefined, { user: data.user, csrfToken: data.csrfToken }));
          dispatch(api.util.invalidateTags(['Doctors', 'Availability', 'MyBookings']));
        } catch {
          /* the page shows the error */
        }
      },
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: '/api/auth/logout', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        // the patient's offline copies go at once, even if the server cannot be told (offline): the device keeps nothing
        void offlineSessionModule().then((m) => m.loggedOut());
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        // forget everything of the previous user; the session query refetches (user null, new token)
        dispatch(api.util.resetApiState());
        disconnectSharedSocket();
        clearPendingBooking();
      },
    }),
  }),
});

export const { useGetSessionQuery, useLoginMutation, useLogoutMutation } = api;
