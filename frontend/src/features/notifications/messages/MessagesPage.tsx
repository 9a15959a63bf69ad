import { useGetSessionQuery } from '../../../lib/api';
import { MyMessagesPage } from './MyMessagesPage';
import { StaffMessagesPage } from './StaffMessagesPage';

/** /messaggi: the patient's conversations, or the staff's unread ones */
export function MessagesPage() {
  const role = useGetSessionQuery().data?.user?.role;
  if (role === 'patient') return <MyMessagesPage />;
  if (role === 'doctor' || role === 'admin') return <StaffMessagesPage />;
  return null;
}
