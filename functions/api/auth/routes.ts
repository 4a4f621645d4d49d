import { changePassword } from './change-password';
import { consumeReset } from './consume-reset';
import { invitation } from './invitation';
import { login } from './login';
import { logout } from './logout';
import { getProfile } from './get-profile';
import { oauthCallback } from './oauth-callback';
import { oauthStart } from './oauth-start';
import { patchProfile } from './patch-profile';
import { register } from './register';
import { requestReset } from './request-reset';
import { resendVerify } from './resend-verify';
import { verify } from './verify';

export const routes = [
  register,
  verify,
  resendVerify,
  login,
  logout,
  requestReset,
  consumeReset,
  invitation,
  getProfile,
  patchProfile,
  changePassword,
  oauthStart,
  oauthCallback,
];
