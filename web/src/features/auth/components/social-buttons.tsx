/** Social sign-in is a plain navigation: the server takes the browser through the provider and back. */
import './auth.css';
/**
 * `chooseAccount`: Google's account chooser (`prompt=select_account`), only when the user asks
 * for it: on every sign-in it would be a step nobody asked for, and a provider that does not
 * support the prompt refuses the request.
 */
const href = (provider: 'facebook' | 'google', inviteToken?: string | null, chooseAccount = false) => {
  const query = new URLSearchParams();
  if (inviteToken) query.set('inviteToken', inviteToken);
  if (chooseAccount) query.set('prompt', 'select_account');
  const search = query.toString();
  return `/api/auth/oauth/${provider}${search ? `?${search}` : ''}`;
};

function FacebookLogo() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden>
      <path
        fill="#1877F2"
        d="M24 12.07C24 5.4 18.63 0 12 0S0 5.4 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.04V9.41c0-3.02 1.8-4.7 4.54-4.7 1.31 0 2.68.24 2.68.24v2.97h-1.5c-1.5 0-1.96.93-1.96 1.89v2.26h3.32l-.53 3.5h-2.8V24C19.62 23.1 24 18.1 24 12.07"
      />
    </svg>
  );
}

function GoogleLogo() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden>
      <path
        fill="#4285F4"
        d="M23.5 12.27c0-.85-.08-1.67-.22-2.45H12v4.64h6.46a5.52 5.52 0 0 1-2.4 3.62v3h3.88c2.27-2.09 3.56-5.17 3.56-8.81"
      />
      <path
        fill="#34A853"
        d="M12 24c3.24 0 5.96-1.07 7.94-2.9l-3.88-3.01c-1.07.72-2.45 1.15-4.06 1.15-3.13 0-5.77-2.11-6.72-4.95H1.27v3.1A12 12 0 0 0 12 24"
      />
      <path fill="#FBBC05" d="M5.28 14.29A7.2 7.2 0 0 1 4.9 12c0-.8.14-1.57.38-2.29v-3.1H1.27a12 12 0 0 0 0 10.78z" />
      <path
        fill="#EA4335"
        d="M12 4.77c1.76 0 3.34.6 4.59 1.8l3.44-3.44A11.96 11.96 0 0 0 12 0 12 12 0 0 0 1.27 6.61l4.01 3.1C6.23 6.88 8.87 4.77 12 4.77"
      />
    </svg>
  );
}

export function SocialButtons({ inviteToken }: { inviteToken?: string | null }) {
  return (
    <div className="social-buttons">
      <a className="btn btn--secondary btn--md btn--block" href={href('facebook', inviteToken)}>
        <FacebookLogo />
        Continue with Facebook
      </a>
      <a className="btn btn--secondary btn--md btn--block" href={href('google', inviteToken)}>
        <GoogleLogo />
        Continue with Google
      </a>
      <p className="muted">
        Signed in to Google with another account? <a href={href('google', inviteToken, true)}>Use another account</a>
      </p>
    </div>
  );
}

export function Divider({ children = 'or' }: { children?: string }) {
  return (
    <div className="divider" role="separator">
      <span>{children}</span>
    </div>
  );
}
