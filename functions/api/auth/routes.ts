import { changePassword } from './change-password';
import { consumeReset } from './consume-reset';
import { invitation } from './invitation';
import { login } from './login';
import { logout } from './logout';
import { oauthCallback, oauthStart } from './oauth';
import { getProfile, patchProfile } from './profile';
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
