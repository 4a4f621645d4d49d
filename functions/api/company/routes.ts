import { acceptInvite } from './accept-invite';
import { createCompany } from './create-company';
import { deleteCompany } from './delete-company';
import { inviteUser } from './invite-user';
import { listCompanies } from './list-companies';
import { recreateDemo } from './recreate-demo';
import { removeUser } from './remove-user';
import { revokeInvite } from './revoke-invite';
import { setMemberRole } from './set-member-role';
import { startIdealCustomers } from './start-ideal-customers';
import { startOverview } from './start-overview';
import { updateIcp } from './update-icp';
import { updateCompanyInfo } from './update-company-info';

export const routes = [
  listCompanies,
  createCompany,
  updateCompanyInfo,
  recreateDemo,
  deleteCompany,
  inviteUser,
  revokeInvite,
  removeUser,
  setMemberRole,
  acceptInvite,
  startOverview,
  startIdealCustomers,
  updateIcp,
];
