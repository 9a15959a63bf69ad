import type { DeactivationAnswer, StaffInvitationRequest, StaffMember, StaffNameRequest, StaffRole } from '@studio/contracts';
import { api } from '../../../lib/api';

const staffApi = api.enhanceEndpoints({ addTagTypes: ['Staff'] }).injectEndpoints({
  endpoints: (build) => ({
    getStaff: build.query<StaffMember[], void>({ query: () => ({ url: '/api/staff' }), providesTags: ['Staff'] }),
    inviteStaff: build.mutation<StaffMember, StaffInvitationRequest>({
      query: (body) => ({ url: '/api/staff/invitations', method: 'POST', body }),
      invalidatesTags: ['Staff'],
    }),
    setStaffRoles: build.mutation<StaffMember, { id: string; roles: StaffRole[] }>({
      query: ({ id, roles }) => ({ url: `/api/staff/${encodeURIComponent(id)}/roles`, method: 'PUT', body: { roles } }),
      invalidatesTags: ['Staff', 'Doctors'],
    }),
    renameStaff: build.mutation<StaffMember, { id: string } & StaffNameRequest>({
      query: ({ id, ...body }) => ({ url: `/api/staff/${encodeURIComponent(id)}/name`, method: 'PUT', body }),
      invalidatesTags: ['Staff', 'Doctors'],
    }),
    deactivateStaff: build.mutation<DeactivationAnswer, string>({
      query: (id) => ({ url: `/api/staff/${encodeURIComponent(id)}/deactivate`, method: 'POST', body: {} }),
      invalidatesTags: ['Staff', 'Doctors'],
    }),
    reactivateStaff: build.mutation<StaffMember, string>({
      query: (id) => ({ url: `/api/staff/${encodeURIComponent(id)}/reactivate`, method: 'POST', body: {} }),
      invalidatesTags: ['Staff', 'Doctors'],
    }),
  }),
});

export const {
  useGetStaffQuery,
  useInviteStaffMutation,
  useSetStaffRolesMutation,
  useRenameStaffMutation,
  useDeactivateStaffMutation,
  useReactivateStaffMutation,
} = staffApi;
