import { escapeHtml, hiddenFields } from '../kit/answers';
import { SANDBOX_PAGES } from './fixtures';

/** The sandbox platforms' consent pages: stand-ins for Meta's, Threads' and LinkedIn's dialogs. */
export type SandboxApp = 'facebook' | 'threads' | 'linkedin';

const BRANDS: Record<SandboxApp, { name: string; color: string; what: string }> = {
  facebook: { name: 'Facebook', color: '#1877f2', what: 'manage and publish to your Pages and Instagram accounts' },
  threads: { name: 'Threads', color: '#000000', what: 'read your profile and publish threads' },
  linkedin: { name: 'LinkedIn', color: '#0a66c2', what: 'post on your behalf and on the pages you administer' },
};

/** Kept from the authorization request into the approval form. */
const CONSENT_FIELDS = [
  'client_id',
  'redirect_uri',
  'state',
  'scope',
  'code_challenge',
  'code_challenge_method',
] as const;

/**
 * Meta's step "Choose the Pages you want the app to access", every page ticked as Meta offers
 * them: unticking all but one makes an account that offers exactly one page (and its Instagram
 * account). `pages_asked` tells an empty choice from a form that had no such step.
 */
const pageStep = () =>
  `<fieldset><legend>Pages the app may use</legend><input type="hidden" name="pages_asked" value="1">${SANDBOX_PAGES.map(
    (p, i) =>
      `<div class="page"><input type="checkbox" id="page${i}" name="page" value="${p.id}" checked><label for="page${i}">${escapeHtml(p.name)} <span>(Instagram @${escapeHtml(p.instagram.username)})</span></label></div>`,
  ).join('')}</fieldset>`;

export function consentPage(app: SandboxApp, query: URLSearchParams, approveAction: string): string {
  const brand = BRANDS[app];
  const hidden = hiddenFields(CONSENT_FIELDS, query);
  const scopes = escapeHtml((query.get('scope') ?? '').replace(/[ ,]+/g, ', '));
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Connect to ${brand.name} (sandbox)</title>
<style>body{font-family:system-ui,sans-serif;background:#f1f3f4;display:grid;place-items:center;min-height:100vh;margin:0}
main{box-sizing:border-box;background:#fff;border-radius:12px;padding:32px;width:min(420px,92vw);box-shadow:0 2px 12px #0002}
h1{font-size:20px;margin:0 0 4px;color:${brand.color}}p{color:#444;font-size:14px}label{display:block;font-size:13px;margin:12px 0 4px}
input[type=text]{width:100%;box-sizing:border-box;padding:10px;border:1px solid #767676;border-radius:6px;font-size:15px}
.row{display:flex;gap:8px;margin-top:20px}button{flex:1;padding:10px;border-radius:6px;border:0;font-size:15px;cursor:pointer}
.ok{background:${brand.color};color:#fff}.no{background:#e8eaed;color:#111}code{font-size:12px}
fieldset{border:1px solid #ccc;border-radius:6px;margin:16px 0 0;padding:8px 12px}legend{font-size:13px;padding:0 4px}
.page{display:flex;gap:8px;align-items:center;font-size:14px}.page label{margin:6px 0}.page span{color:#555}</style></head>
<body><main><h1>${brand.name} sandbox</h1>
<p>This stands in for ${brand.name}'s consent screen on the local runtime. The app asks to ${brand.what}.</p>
<p>Permissions: <code>${scopes}</code></p>
<form method="post" action="${approveAction}">${hidden}
<label for="name">Account name</label><input id="name" type="text" name="name" value="Sandy Box">
${app === 'facebook' ? pageStep() : ''}<div class="row"><button class="no" name="decision" value="deny">Cancel</button><button class="ok" name="decision" value="allow">Allow</button></div>
</form></main></body></html>`;
}
