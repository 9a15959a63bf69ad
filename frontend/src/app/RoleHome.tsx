import { Navigate } from 'react-router-dom';
import { useGetSessionQuery } from '../lib/api';
import { homePathFor, PATHS } from '../lib/paths';

/** "/" sends each role to its own start page */
export function RoleHome() {
  const { data } = useGetSessionQuery();
  const role = data?.user?.role;
  return <Navigate to={role ? homePathFor(role) : PATHS.login} replace />;
}
