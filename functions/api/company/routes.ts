import { acceptInvite } from './accept-invite';
import { createCompany } from './create-company';
import { deleteCompany } from './delete-company';
import { inviteUser } from './invite-user';
import { listCompanies } from './list-companies';
import { recreateDemo } from './recreate-demo';
import { removeUser } from './remove-user';
import { revokeInvite } from './revoke-invite';
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
  acceptInvite,
];
