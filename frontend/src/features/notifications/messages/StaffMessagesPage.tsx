import { useEffect } from 'react';
import { Badge, Card, ListGroup } from 'react-bootstrap';
import { Link, useParams } from 'react-router-dom';
import * as it from '../../../i18n/it';
import { useGetSessionQuery } from '../../../lib/api';
import { usePageTitle } from '../../../lib/pageTitle';
import { QuerySection } from '../../../components/ui/QuerySection';
import { Conversation } from './Conversation';
import { ReplyHoursForm } from './ReplyHoursForm';
import {
  useFileIntoRecordMutation,
  useGetPatientMessagesQuery,
  useGetStaffUnreadQuery,
  useMarkPatientReadMutation,
  useSendFileToPatientMutation,
  useSendToPatientMutation,
} from './messagesApi';

const t = it.messages;

/** staff: the conversation with one patient (a doctor their own, the segreteria its own), read as it is shown */
export function PatientConversation({ patientId }: { patientId: string }) {
  const role = useGetSessionQuery().data?.user?.role;
  const query = useGetPatientMessagesQuery(patientId);
  const [send] = useSendToPatientMutation();
  const [sendFile] = useSendFileToPatientMutation();
  const [markRead] = useMarkPatientReadMutation();
  const [fileIntoRecord] = useFileIntoRecordMutation();
  const unread = query.data?.unread ?? 0;
  useEffect(() => {
    if (unread > 0) void markRead(patientId);
  }, [unread, patientId, markRead]);
  return (
    <QuerySection query={query} loadingLabel={t.loading} errorText={t.error}>
      {(c) => (
        <>
          <h2 className="h5">{t.conversationWith(c.name)}</h2>
          <Conversation
            label={t.conversationWith(c.name)}
            messages={c.messages}
            asPatient={false}
            canWrite
            onSendText={(text) => send({ patientId, text }).unwrap()}
            onSendFile={(file) => sendFile({ patientId, file }).unwrap()}
            fileHref={(id) => `/api/patients/${encodeURIComponent(patientId)}/messages/${encodeURIComponent(id)}/file`}
            onFileIntoRecord={role === 'doctor' ? (messageId) => fileIntoRecord({ patientId, messageId }).unwrap() : undefined}
          />
        </>
      )}
    </QuerySection>
  );
}

/** /messaggi and /messaggi/:patientId for doctors and the segreteria: the unread conversations, then one */
export function StaffMessagesPage() {
  usePageTitle(it.titles.messages);
  const { patientId } = useParams();
  const unread = useGetStaffUnreadQuery();
  const role = useGetSessionQuery().data?.user?.role;
  return (
    <Card>
      <Card.Body>
        <h1 className="h3">{t.staffTitle}</h1>
        {patientId ? (
          <>
            <p>
              <Link to="/messaggi" className="d-inline-block py-2">
                {t.back}
              </Link>
            </p>
            <PatientConversation patientId={patientId} />
          </>
        ) : (
          <>
            {role === 'admin' && <ReplyHoursForm />}
            <p>{t.staffIntro}</p>
            <QuerySection query={unread} loadingLabel={t.loading} errorText={t.error} isEmpty={(d) => d.patients.length === 0} empty={<p>{t.staffEmpty}</p>}>
              {(data) => (
                <ListGroup>
                  {data.patients.map((p) => (
                    <ListGroup.Item
                      key={p.patientId}
                      action
                      as={Link}
                      to={`/messaggi/${encodeURIComponent(p.patientId)}`}
                      className="d-flex justify-content-between"
                      style={{ minHeight: 44 }}
                    >
                      <span>{p.name}</span>
                      <Badge bg="danger" pill aria-label={t.unread(p.unread)}>
                        {p.unread}
                      </Badge>
                    </ListGroup.Item>
                  ))}
                </ListGroup>
              )}
            </QuerySection>
          </>
        )}
      </Card.Body>
    </Card>
  );
}
