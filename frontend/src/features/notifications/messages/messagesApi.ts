/**
 * Messages between the patient and the practice (contracts/src/notifications/messages.ts). Both lists are live: the
 * socket says which conversation changed (never its content) and the list is read again.
 */
import {
  MESSAGES_CHANGED,
  MESSAGES_WATCH,
  type AttachmentView,
  type ConversationView,
  type MessageView,
  type MyMessagesView,
  type StaffUnreadView,
} from '@studio/contracts';
import { api } from '../../../lib/api';
import { getSharedSocket } from '../../../lib/socket';

// 'ClinicalRecord': the record's own tag (its list of attachments grows when a file is filed into it)
const messagesTagged = api.enhanceEndpoints({ addTagTypes: ['MyMessages', 'PatientMessages', 'UnreadMessages', 'ClinicalRecord'] });

/** follows the conversations of the session's user while a list is shown; a change or a reconnection reads again */
async function followMessages(lifecycle: { cacheDataLoaded: Promise<unknown>; cacheEntryRemoved: Promise<unknown> }, changed: () => void): Promise<void> {
  try {
    await lifecycle.cacheDataLoaded;
  } catch {
    return;
  }
  const socket = await getSharedSocket();
  const watch = () => socket.emit(MESSAGES_WATCH, {});
  const rejoin = () => (watch(), changed());
  socket.on('connect', rejoin);
  socket.on(MESSAGES_CHANGED, changed);
  if (socket.connected) watch();
  await lifecycle.cacheEntryRemoved;
  socket.off('connect', rejoin);
  socket.off(MESSAGES_CHANGED, changed);
}

export const messagesApi = messagesTagged.injectEndpoints({
  endpoints: (build) => ({
    getMyMessages: build.query<MyMessagesView, void>({
      query: () => ({ url: '/api/me/messages' }),
      providesTags: ['MyMessages'],
      onCacheEntryAdded: (_arg, lifecycle) => followMessages(lifecycle, () => lifecycle.dispatch(messagesApi.util.invalidateTags(['MyMessages']))),
    }),
    sendMyMessage: build.mutation<MessageView, { to: string; text: string }>({
      query: (body) => ({ url: '/api/me/messages', method: 'POST', body }),
      invalidatesTags: ['MyMessages'],
    }),
    sendMyFile: build.mutation<MessageView, { to: string; file: File }>({
      query: ({ to, file }) => ({
        url: `/api/me/messages/files?${new URLSearchParams({ to, name: file.name })}`,
        method: 'POST',
        body: file,
        headers: { 'Content-Type': 'application/octet-stream' },
      }),
      invalidatesTags: ['MyMessages'],
    }),
    markMyRead: build.mutation<{ unread: number }, { with: string }>({
      query: (body) => ({ url: '/api/me/messages/read', method: 'POST', body }),
      invalidatesTags: ['MyMessages'],
    }),
    getReplyHours: build.query<{ replyHours: string | null }, void>({
      query: () => ({ url: '/api/messages/reply-hours' }),
      providesTags: ['MyMessages'],
    }),
    setReplyHours: build.mutation<{ replyHours: string }, string>({
      query: (text) => ({ url: '/api/messages/reply-hours', method: 'PUT', body: { text } }),
      invalidatesTags: ['MyMessages'],
    }),
    getStaffUnread: build.query<StaffUnreadView, void>({
      query: () => ({ url: '/api/messages/unread' }),
      providesTags: ['UnreadMessages'],
      onCacheEntryAdded: (_arg, lifecycle) => followMessages(lifecycle, () => lifecycle.dispatch(messagesApi.util.invalidateTags(['UnreadMessages']))),
    }),
    getPatientMessages: build.query<ConversationView, string>({
      query: (patientId) => ({ url: `/api/patients/${encodeURIComponent(patientId)}/messages` }),
      providesTags: (_r, _e, patientId) => [{ type: 'PatientMessages', id: patientId }],
      onCacheEntryAdded: (patientId, lifecycle) =>
        followMessages(lifecycle, () => lifecycle.dispatch(messagesApi.util.invalidateTags([{ type: 'PatientMessages', id: patientId }]))),
    }),
    sendToPatient: build.mutation<MessageView, { patientId: string; text: string }>({
      query: ({ patientId, text }) => ({ url: `/api/patients/${encodeURIComponent(patientId)}/messages`, method: 'POST', body: { text } }),
      invalidatesTags: (_r, _e, { patientId }) => [{ type: 'PatientMessages', id: patientId }],
    }),
    sendFileToPatient: build.mutation<MessageView, { patientId: string; file: File }>({
      query: ({ patientId, file }) => ({
        url: `/api/patients/${encodeURIComponent(patientId)}/messages/files?${new URLSearchParams({ name: file.name })}`,
        method: 'POST',
        body: file,
        headers: { 'Content-Type': 'application/octet-stream' },
      }),
      invalidatesTags: (_r, _e, { patientId }) => [{ type: 'PatientMessages', id: patientId }],
    }),
    markPatientRead: build.mutation<{ unread: number }, string>({
      query: (patientId) => ({ url: `/api/patients/${encodeURIComponent(patientId)}/messages/read`, method: 'POST', body: {} }),
      invalidatesTags: (_r, _e, patientId) => [{ type: 'PatientMessages', id: patientId }, 'UnreadMessages'],
    }),
    fileIntoRecord: build.mutation<AttachmentView, { patientId: string; messageId: string }>({
      query: ({ patientId, messageId }) => ({
        url: `/api/patients/${encodeURIComponent(patientId)}/messages/${encodeURIComponent(messageId)}/file-into-record`,
        method: 'POST',
        body: {},
      }),
      invalidatesTags: (_r, _e, { patientId }) => [
        { type: 'PatientMessages', id: patientId },
        { type: 'ClinicalRecord', id: patientId },
      ],
    }),
  }),
});

export const {
  useGetMyMessagesQuery,
  useSendMyMessageMutation,
  useSendMyFileMutation,
  useMarkMyReadMutation,
  useGetReplyHoursQuery,
  useSetReplyHoursMutation,
  useGetStaffUnreadQuery,
  useGetPatientMessagesQuery,
  useSendToPatientMutation,
  useSendFileToPatientMutation,
  useMarkPatientReadMutation,
  useFileIntoRecordMutation,
} = messagesApi;
