import { acceptInvite } from './accept-invite';
import { createCompany } from './create-company';
import { deleteCompany } from './delete-company';
import { inviteUser } from './invite-user';
import { listCompanies } from './list-companies';
import { recreateDemo } from './recreate-demo';
import { removeUser } from './remove-user';
import { revokeInvite } from './revoke-invite';
import { setRole } from './set-member-role';
import { startIdealCustomers } from './start-ideal-customers';
import { startOverview } from './start-overview';
import { updateIcp } from './update-icp';
import { updateCompany } from './update-company-info';

export const routes = [
  listCompanies,
  createCompany,
  updateCompany,
  recreateDemo,
  deleteCompany,
  inviteUser,
  revokeInvite,
  removeUser,
  setRole,
  acceptInvite,
  startOverview,
  startIdealCustomers,
  updateIcp,
];
