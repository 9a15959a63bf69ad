import { useEffect, useState } from 'react';
import { Badge, ListGroup } from 'react-bootstrap';
import * as it from '../../../i18n/it';
import { usePageTitle } from '../../../lib/pageTitle';
import { QuerySection } from '../../../components/ui/QuerySection';
import { Conversation } from './Conversation';
import { MyMessagesCard } from './MyMessagesCard';
import { useGetMyMessagesQuery, useMarkMyReadMutation, useSendMyFileMutation, useSendMyMessageMutation } from './messagesApi';

const t = it.messages;

/** /messaggi for the patient: the practice's reply hours and the 112 notice, the conversations, one open */
export function MyMessagesPage() {
  usePageTitle(it.titles.messages);
  const query = useGetMyMessagesQuery();
  const [send] = useSendMyMessageMutation();
  const [sendFile] = useSendMyFileMutation();
  const [markRead] = useMarkMyReadMutation();
  const [open, setOpen] = useState<string | null>(null);
  const conversations = query.data?.conversations ?? [];
  const current = conversations.find((c) => c.with === open) ?? conversations[0];
  const unread = current?.unread ?? 0;
  // what is shown is read: once per change of the open conversation's unread count
  useEffect(() => {
    if (current && unread > 0) void markRead({ with: current.with });
  }, [current?.with, unread, markRead]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <MyMessagesCard>
      <QuerySection query={query} loadingLabel={t.loading} errorText={t.error}>
        {(data) => (
          <>
            <p>{data.replyHours ? t.replyHours(data.replyHours) : t.noReplyHours}</p>
            <h2 className="h5">{t.conversations}</h2>
            <ListGroup className="mb-3">
              {data.conversations.map((c) => (
                <ListGroup.Item
                  key={c.with}
                  action
                  active={c.with === current?.with}
                  aria-current={c.with === current?.with ? 'true' : undefined}
                  onClick={() => setOpen(c.with)}
                  className="d-flex justify-content-between align-items-center"
                  style={{ minHeight: 44 }}
                >
                  <span>{c.name}</span>
                  {c.unread > 0 && (
                    <Badge bg="danger" pill aria-label={t.unread(c.unread)}>
                      {c.unread}
                    </Badge>
                  )}
                </ListGroup.Item>
              ))}
            </ListGroup>
            {current && (
              <>
                <h2 className="h5">{t.conversationWith(current.name)}</h2>
                <Conversation
                  label={t.conversationWith(current.name)}
                  messages={current.messages}
                  asPatient
                  canWrite={current.canWrite}
                  onSendText={(text) => send({ to: current.with, text }).unwrap()}
                  onSendFile={(file) => sendFile({ to: current.with, file }).unwrap()}
                  fileHref={(id) => `/api/me/messages/${encodeURIComponent(id)}/file`}
                />
              </>
            )}
          </>
        )}
      </QuerySection>
    </MyMessagesCard>
  );
}
